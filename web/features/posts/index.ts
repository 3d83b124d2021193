/**
 * What other features use of posts: its public surface. Other features import from this file only
 * (a Biome rule in biome.json enforces it); everything else in the folder is the feature's own.
 */

export { useDeletePost } from './api/delete-post.ts';
export { getPostPage, postPagesOptions } from './api/post-pages.ts';
export { updatePost } from './api/update-post.ts';
export { CreatorMedia, CreatorPosts } from './components/creator-posts.tsx';
export { EditDescriptionDialog as EditPostDialog } from './components/edit-description-dialog.tsx';
export { LikedPosts } from './components/liked-posts.tsx';
export { PostFeed } from './components/post-feed.tsx';
export { PostImage } from './components/post-image.tsx';
export { useVideoSource } from './components/use-video-source.ts';
export { youtubeEmbedUrl } from './components/youtube-embed.tsx';
