import type { Viewer } from './creators.ts';

/** A list is its owner's alone: to anyone else it does not exist. */
export const canUseList = (viewer: Viewer, list: { ownerId: string }) => viewer.id === list.ownerId;

/** "Favourites" is everyone's built-in list: it stays, under its name. */
export const canChangeList = (viewer: Viewer, list: { ownerId: string; builtIn: boolean }) =>
  canUseList(viewer, list) && !list.builtIn;
