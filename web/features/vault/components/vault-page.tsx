import { FolderPlus, Images, Pencil, SquarePlus, Trash2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { pathTo } from '#common/routes.ts';
import { describeVaultUse, type VaultFolder, type VaultItem, type VaultUse } from '#common/schemas/vault.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { SignInPrompt } from '../../../components/sign-in-prompt.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatLocalDate } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import {
  useCreateFolder,
  useDeleteFolder,
  useDeleteItem,
  useMoveItem,
  useRenameFolder,
  useVault,
  useVaultFolders,
  type VaultFilters,
} from '../api/vault.ts';
import { VaultThumb } from './vault-thumb.tsx';

const dateText = (iso: string) => formatLocalDate(iso, 'date');

/** Name a new folder, or rename one, in place. */
function FolderNameForm({
  initial,
  submitLabel,
  onSubmit,
  onClose,
}: {
  initial: string;
  submitLabel: string;
  onSubmit: (name: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const id = useId();
  const [name, setName] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  async function submit(event: FormEvent) {
    event.preventDefault();
    try {
      await onSubmit(name);
      onClose();
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'Something went wrong');
    }
  }
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-wrap items-start gap-2">
      <label htmlFor={id} className="sr-only">
        Folder name
      </label>
      <div className="grid gap-1">
        <Input
          id={id}
          value={name}
          autoFocus
          maxLength={60}
          placeholder="Folder name"
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          onChange={(event) => setName(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') onClose();
          }}
          className="w-48"
        />
        {problem ? (
          <p id={`${id}-problem`} className="text-sm text-destructive">
            {problem}
          </p>
        ) : null}
      </div>
      <Button type="submit" size="sm">
        {submitLabel}
      </Button>
      <Button type="button" size="sm" variant="ghost" onClick={onClose}>
        Cancel
      </Button>
    </form>
  );
}

function Folders({
  folders,
  selected,
  onSelect,
}: {
  folders: VaultFolder[];
  selected: string | undefined;
  onSelect: (folder: string | undefined) => void;
}) {
  const [naming, setNaming] = useState<'new' | string | null>(null);
  const create = useCreateFolder();
  const rename = useRenameFolder();
  const remove = useDeleteFolder();
  const current = folders.find((folder) => folder.id === selected);
  return (
    <section aria-label="Folders" className="grid gap-2">
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant={selected === undefined ? 'default' : 'outline'}
          onClick={() => onSelect(undefined)}
        >
          Everything
        </Button>
        <Button
          size="sm"
          variant={selected === 'none' ? 'default' : 'outline'}
          onClick={() => onSelect('none')}
        >
          Not in a folder
        </Button>
        {folders.map((folder) => (
          <Button
            key={folder.id}
            size="sm"
            variant={selected === folder.id ? 'default' : 'outline'}
            aria-pressed={selected === folder.id}
            onClick={() => onSelect(folder.id)}
          >
            {folder.name} <span className="text-xs opacity-70">({folder.itemCount})</span>
          </Button>
        ))}
        {naming === null ? (
          <Button size="sm" variant="ghost" onClick={() => setNaming('new')}>
            <FolderPlus aria-hidden="true" />
            New folder
          </Button>
        ) : null}
      </div>
      {naming === 'new' ? (
        <FolderNameForm
          initial=""
          submitLabel="Make folder"
          onSubmit={async (name) => {
            const folder = await create.mutateAsync(name);
            toast.success(`Folder "${folder.name}" made`);
          }}
          onClose={() => setNaming(null)}
        />
      ) : null}
      {current && naming === current.id ? (
        <FolderNameForm
          initial={current.name}
          submitLabel="Rename"
          onSubmit={(name) => rename.mutateAsync({ id: current.id, name })}
          onClose={() => setNaming(null)}
        />
      ) : current && naming === null ? (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="ghost" onClick={() => setNaming(current.id)}>
            <Pencil aria-hidden="true" />
            Rename "{current.name}"
          </Button>
          <Button
            size="sm"
            variant="ghost"
            className="text-destructive"
            onClick={() =>
              remove.mutate(current.id, {
                onSuccess: () => {
                  toast.success(`Folder "${current.name}" deleted; its items are still in your vault`);
                  onSelect(undefined);
                },
                onError: (error) => toast.error(error.message),
              })
            }
          >
            <Trash2 aria-hidden="true" />
            Delete folder
          </Button>
        </div>
      ) : null}
    </section>
  );
}

/** "2 posts", or "3 places" once a message is among them. */
function usedInWords(uses: VaultUse[], count: number): string {
  if (uses.every((use) => use.kind === 'post')) return count === 1 ? '1 post' : `${count} posts`;
  return count === 1 ? '1 place' : `${count} places`;
}

function VaultCard({ item, folders }: { item: VaultItem; folders: VaultFolder[] }) {
  const id = useId();
  const move = useMoveItem();
  const remove = useDeleteItem();
  const [problem, setProblem] = useState<string | null>(null);
  const { media, usedIn, usedInCount } = item;
  return (
    <li className="grid content-start gap-2 rounded-xl border border-border p-2">
      <div className="aspect-square overflow-hidden rounded-lg">
        <VaultThumb media={media} />
      </div>
      <p className="text-xs text-muted-foreground">
        {media.kind === 'video' ? 'Video' : 'Photo'} · {dateText(item.uploadedAt)}
      </p>
      <p className="text-xs">
        {usedInCount === 0 ? (
          <span className="text-muted-foreground">Not used yet</span>
        ) : (
          <>
            Used in {usedInWords(usedIn, usedInCount)}:{' '}
            <span className="text-muted-foreground">
              {usedIn
                .map(
                  (use) =>
                    `${describeVaultUse(use)}${use.kind === 'post' && use.status !== 'published' ? ` (${use.status})` : ''}`,
                )
                .join(', ')}
              {usedInCount > usedIn.length ? ` and ${usedInCount - usedIn.length} more` : ''}
            </span>
          </>
        )}
      </p>
      <label htmlFor={`${id}-folder`} className="sr-only">
        Folder
      </label>
      <NativeSelect
        id={`${id}-folder`}
        value={item.folderId ?? ''}
        disabled={move.isPending}
        onChange={(event) =>
          move.mutate(
            { id: media.id, folderId: event.target.value || null },
            { onError: (error) => toast.error(error.message) },
          )
        }
      >
        <option value="">No folder</option>
        {folders.map((folder) => (
          <option key={folder.id} value={folder.id}>
            {folder.name}
          </option>
        ))}
      </NativeSelect>
      <Button
        size="sm"
        variant="ghost"
        className="text-destructive"
        disabled={remove.isPending}
        aria-describedby={problem ? `${id}-problem` : undefined}
        onClick={() =>
          remove.mutate(media.id, {
            onSuccess: () => toast.success('Deleted from your vault'),
            onError: (error) => setProblem(error.message),
          })
        }
      >
        <Trash2 aria-hidden="true" />
        Delete
      </Button>
      {problem ? (
        <p id={`${id}-problem`} role="alert" className="text-xs text-destructive">
          {problem}
        </p>
      ) : null}
    </li>
  );
}

function VaultGrid({ filters, folders }: { filters: VaultFilters; folders: VaultFolder[] }) {
  const vault = useVault(filters);
  if (vault.isPending)
    return (
      <div
        role="status"
        aria-busy="true"
        aria-label="Loading your vault"
        className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4"
      >
        {[0, 1, 2, 3].map((index) => (
          <Skeleton key={index} className="aspect-square rounded-xl" />
        ))}
      </div>
    );
  if (vault.isError) return <LoadError message={vault.error.message} onRetry={() => void vault.refetch()} />;
  const items = vault.data.pages.flatMap((page) => page.items);
  const filtered = Object.values(filters).some((value) => value !== undefined && value !== '');
  if (items.length === 0)
    return (
      <EmptyState
        icon={Images}
        title={filtered ? 'Nothing matches' : 'Your vault is empty'}
        description={
          filtered
            ? 'No upload matches these filters. Try another kind, date or folder.'
            : 'Every photo and video you upload for a post is kept here, to use again in other posts.'
        }
      >
        {filtered ? null : (
          <Button asChild>
            <Link to={pathTo('postContent')}>
              <SquarePlus aria-hidden="true" />
              Post new content
            </Link>
          </Button>
        )}
      </EmptyState>
    );
  return (
    <div className="grid gap-4">
      <ul aria-label="Your uploads" className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4">
        {items.map((item) => (
          <VaultCard key={item.media.id} item={item} folders={folders} />
        ))}
      </ul>
      {vault.hasNextPage ? (
        <Button
          variant="outline"
          className="justify-self-center"
          disabled={vault.isFetchingNextPage}
          onClick={() => void vault.fetchNextPage()}
        >
          {vault.isFetchingNextPage ? 'Loading…' : 'Show more'}
        </Button>
      ) : null}
    </div>
  );
}

/** The signed-in creator's vault: folders, filters and the grid (nothing is asked for signed out). */
function Vault() {
  const id = useId();
  const [filters, setFilters] = useState<VaultFilters>({});
  const folders = useVaultFolders();
  const set = (patch: Partial<VaultFilters>) =>
    setFilters((current) => {
      const next: VaultFilters = { ...current, ...patch };
      for (const key of Object.keys(next) as (keyof VaultFilters)[]) if (!next[key]) delete next[key];
      return next;
    });
  if (folders.isError)
    return <LoadError message={folders.error.message} onRetry={() => void folders.refetch()} />;
  return (
    <>
      <Folders
        folders={folders.data ?? []}
        selected={filters.folder}
        onSelect={(folder) => set({ folder })}
      />
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid gap-1">
          <label htmlFor={`${id}-kind`} className="text-sm font-medium">
            Kind
          </label>
          <NativeSelect
            id={`${id}-kind`}
            value={filters.kind ?? ''}
            onChange={(event) => set({ kind: (event.target.value || undefined) as VaultFilters['kind'] })}
          >
            <option value="">Photos and videos</option>
            <option value="image">Photos</option>
            <option value="video">Videos</option>
          </NativeSelect>
        </div>
        <div className="grid gap-1">
          <label htmlFor={`${id}-from`} className="text-sm font-medium">
            Uploaded from
          </label>
          <Input
            id={`${id}-from`}
            type="date"
            value={filters.from ?? ''}
            onChange={(event) => set({ from: event.target.value })}
            className="w-auto"
          />
        </div>
        <div className="grid gap-1">
          <label htmlFor={`${id}-to`} className="text-sm font-medium">
            Uploaded until
          </label>
          <Input
            id={`${id}-to`}
            type="date"
            value={filters.to ?? ''}
            onChange={(event) => set({ to: event.target.value })}
            className="w-auto"
          />
        </div>
      </div>
      <VaultGrid filters={filters} folders={folders.data ?? []} />
    </>
  );
}

/** /vault: everything the creator uploaded for posts, to sort into folders and use again. */
export function VaultPage() {
  const session = useSession();
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-4">
      <div>
        <h1 className="font-heading text-2xl font-bold tracking-tight md:text-3xl">Vault</h1>
        <p className="mt-1.5 text-muted-foreground">
          Every photo and video you uploaded, to use again in new posts without uploading it again.
        </p>
      </div>
      {session ? <Vault /> : <SignInPrompt reason="Sign in to see your vault." />}
    </div>
  );
}
