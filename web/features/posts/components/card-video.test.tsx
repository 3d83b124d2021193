import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { buildMedia, buildPost } from '../test/build-post.ts';
import { CardVideo } from './card-video.tsx';
import { MediaViewerDialog } from './media-viewer-dialog.tsx';

const media = buildMedia({
  id: 'v-1',
  kind: 'video',
  urls: { ...buildMedia().urls, video: '/media/v-1/video.mp4', poster: '/media/v-1/poster.webp' },
});
const post = buildPost({ media });

/** A feed card's video that opens the large viewer, as a post card does. */
function CardWithViewer() {
  const [open, setOpen] = useState(false);
  return (
    <div className="relative">
      <CardVideo media={media} active label="Open video" onOpen={() => setOpen(true)} />
      {open ? <MediaViewerDialog post={post} onClose={() => setOpen(false)} returnFocusTo={null} /> : null}
    </div>
  );
}

// Queried by the DOM, not by role: while the viewer is open the page behind it is hidden from it.
const cardVideo = () => document.querySelector('button[aria-label="Open video"] video') as HTMLVideoElement;
const viewerVideo = async () =>
  (await screen.findByRole('dialog')).querySelector('video') as HTMLVideoElement;

afterEach(cleanup);

describe('feed video', () => {
  it('continues where the card was, still playing, when the fan opens it', async () => {
    // As the app runs in development: effects set up, cleaned up and set up again.
    render(
      <StrictMode>
        <CardWithViewer />
      </StrictMode>,
    );
    await waitFor(() => expect(cardVideo().paused).toBe(false));
    cardVideo().currentTime = 12.5;

    await userEvent.click(screen.getByRole('button', { name: 'Open video' }));
    const viewer = await viewerVideo();
    await waitFor(() => expect(viewer.paused).toBe(false));
    expect(viewer.currentTime).toBe(12.5);
    // One video at a time: the card waits while the viewer plays.
    expect(cardVideo().paused).toBe(true);

    // Closing gives the position back to the card, which plays on from there.
    viewer.currentTime = 30;
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(cardVideo().currentTime).toBe(30);
    await waitFor(() => expect(cardVideo().paused).toBe(false));
  });

  it('opens a paused video paused, at the same place', async () => {
    render(<CardWithViewer />);
    await userEvent.click(await screen.findByRole('button', { name: 'Pause video' }));
    expect(cardVideo().paused).toBe(true);
    cardVideo().currentTime = 4;

    await userEvent.click(screen.getByRole('button', { name: 'Open video' }));
    const viewer = await viewerVideo();
    expect(viewer.currentTime).toBe(4);
    expect(viewer.autoplay).toBe(false);
    expect(viewer.paused).toBe(true);
  });

  it('starts muted, with a sound button reached by keyboard', async () => {
    render(<CardWithViewer />);
    expect(cardVideo().muted).toBe(true);
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open video' }));
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /^(Pause|Play) video$/ }));
    await userEvent.tab();
    const sound = screen.getByRole('button', { name: 'Turn sound on' });
    expect(document.activeElement).toBe(sound);

    await userEvent.keyboard('{Enter}');
    expect(cardVideo().muted).toBe(false);
    expect(within(document.body).getByRole('button', { name: 'Turn sound off' })).toBe(sound);
    await userEvent.keyboard(' ');
    expect(cardVideo().muted).toBe(true);
  });
});
