/**
 * What other features use of posts: its public surface. Other features import from this file only
 * (a Biome rule in biome.json enforces it); everything else in the folder is the feature's own.
 */
export { useDeletePost } from './api/delete-post.ts';
export { keepListsForOffline } from './api/post-pages.ts';
export { updatePost } from './api/update-post.ts';
export { EditDescriptionDialog as EditPostDialog } from './components/edit-description-dialog.tsx';
export { PostImage } from './components/post-image.tsx';
export { useVideoSource } from './components/use-video-source.ts';
export { youtubeEmbedUrl } from './components/youtube-embed.tsx';
export { timeProblems } from './schedule.ts';
