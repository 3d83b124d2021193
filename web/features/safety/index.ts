/**
 * What other features use of safety: its public surface. Other features import from this file only
 * (a Biome rule in biome.json enforces it); everything else in the folder is the feature's own.
 */
export { BlockUserDialog } from './components/block-user-dialog.tsx';
export { ChatSafetyMenu } from './components/chat-safety-menu.tsx';
export { ProfileSafetyMenu } from './components/profile-safety-menu.tsx';
export { ReportDialog } from './components/report-dialog.tsx';
export { ReportPostDialog } from './components/report-post-dialog.tsx';
export { reportReasonLabels, reportTargetLabels } from './reasons.ts';
