import type { IdentityOption } from '../../../common/schemas/creators.ts';
import type { PostVisibility } from '../../../common/schemas/posts.ts';

/** The look of a creator's generated pictures. */
export type Motif = 'sunset' | 'mountains' | 'bokeh' | 'waves' | 'geometric';

export interface DemoPost {
  description: string;
  visibility: PostVisibility;
  /** Dollars as a creator types them, for pay-per-view posts. */
  price?: string;
  /** The one generated video of the demo data (an image instead when ffmpeg is missing). */
  video?: boolean;
  /** A text post: no upload, the description is the post. */
  text?: boolean;
  /** How many of the other demo creators like it (Discover opens with the most liked). */
  likes: number;
}

export interface DemoCreator {
  firstName: string;
  lastName: string;
  handle: string;
  bio: string;
  country: string;
  identity: IdentityOption;
  monthlyPrice: string;
  motif: Motif;
  /** Background, middle and highlight colours of every picture. */
  palette: readonly [string, string, string];
  posts: readonly DemoPost[];
}

/** Accounts live under a reserved domain (RFC 2606 `.invalid`): no mail can reach them. */
export const DEMO_EMAIL_DOMAIN = 'demo.fanplace.invalid';

export const demoEmail = (creator: Pick<DemoCreator, 'handle'>) => `${creator.handle}@${DEMO_EMAIL_DOMAIN}`;

export const demoCreators: readonly DemoCreator[] = [
  {
    firstName: 'Amara',
    lastName: 'Okafor',
    handle: 'amara.paints',
    bio: 'Watercolour studies of Lagos streets and the evening light between them. A new piece every week.',
    country: 'Nigeria',
    identity: 'Female',
    monthlyPrice: '7.99',
    motif: 'sunset',
    palette: ['#2b1055', '#d53369', '#ffb347'],
    posts: [
      { description: 'Golden hour over Lekki, finished this morning.', visibility: 'public', likes: 4 },
      {
        description: 'Step by step: how I layer the sky. Full process for subscribers.',
        visibility: 'subscribers',
        likes: 2,
      },
      {
        description: 'The original scan of "Harbour at Dusk", print-ready.',
        visibility: 'pay_per_view',
        price: '4.99',
        likes: 1,
      },
    ],
  },
  {
    firstName: 'Kenji',
    lastName: 'Watanabe',
    handle: 'kenji.trails',
    bio: 'Trail runner and landscape photographer. Ridges, fog and very early alarms.',
    country: 'Japan',
    identity: 'Male',
    monthlyPrice: '5.99',
    motif: 'mountains',
    palette: ['#0f2027', '#2c5364', '#a8e6cf'],
    posts: [
      { description: 'Above the clouds at 4:50 a.m. Worth every step.', visibility: 'public', likes: 4 },
      {
        description: 'My full route notes and the shot list for the Kita Alps traverse.',
        visibility: 'subscribers',
        text: true,
        likes: 1,
      },
      {
        description: 'Fog rolling through the valley, taken on the descent.',
        visibility: 'public',
        likes: 3,
      },
      {
        description: 'The uncropped panorama from the summit, full resolution.',
        visibility: 'pay_per_view',
        price: '2.99',
        likes: 0,
      },
    ],
  },
  {
    firstName: 'Lucía',
    lastName: 'Fernández',
    handle: 'lucia.bakes',
    bio: 'Pastry chef in Sevilla. Laminated dough, citrus everything, and the occasional disaster.',
    country: 'Spain',
    identity: 'Female',
    monthlyPrice: '4.99',
    motif: 'bokeh',
    palette: ['#ffecd2', '#fcb69f', '#ff7e5f'],
    posts: [
      {
        description: 'Orange blossom croissants, batch number four. This one worked.',
        visibility: 'public',
        likes: 3,
      },
      {
        description: 'The recipe card for my almond tart, with the timings I actually use.',
        visibility: 'pay_per_view',
        price: '3.50',
        likes: 2,
      },
      {
        description: 'Behind the counter on a Saturday morning: the whole rush, unedited.',
        visibility: 'subscribers',
        likes: 1,
      },
    ],
  },
  {
    firstName: 'Noah',
    lastName: 'Bennett',
    handle: 'noah.beats',
    bio: 'Producer and synth nerd from Manchester. Loops, stems and late-night sessions.',
    country: 'United Kingdom',
    identity: 'Male',
    monthlyPrice: '6.50',
    motif: 'waves',
    palette: ['#120136', '#035aa6', '#40bad5'],
    posts: [
      {
        description: 'A few seconds from tonight’s session. Sound on.',
        visibility: 'public',
        video: true,
        likes: 4,
      },
      {
        description: 'Stems for "Northern Line" are up for subscribers.',
        visibility: 'subscribers',
        likes: 2,
      },
      {
        description: 'Patch sheet for the pad sound everyone keeps asking about.',
        visibility: 'pay_per_view',
        price: '1.99',
        likes: 0,
      },
      { description: 'New studio corner. Cables: still a problem.', visibility: 'public', likes: 2 },
    ],
  },
  {
    firstName: 'Priya',
    lastName: 'Raman',
    handle: 'priya.moves',
    bio: 'Bharatanatyam dancer and yoga teacher. Short practices you can do before breakfast.',
    country: 'India',
    identity: 'Female',
    monthlyPrice: '9.99',
    motif: 'geometric',
    palette: ['#134e5e', '#71b280', '#f9d423'],
    posts: [
      {
        description: 'Ten minutes of morning mobility. Save it for tomorrow.',
        visibility: 'public',
        likes: 3,
      },
      {
        description: 'This week’s full class plan for subscribers.',
        visibility: 'subscribers',
        text: true,
        likes: 1,
      },
      {
        description: 'A private masterclass on footwork, one-time unlock.',
        visibility: 'pay_per_view',
        price: '9.00',
        likes: 1,
      },
    ],
  },
];
