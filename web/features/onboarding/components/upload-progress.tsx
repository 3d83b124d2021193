/** A file's upload progress, named after what is being sent. */
export function UploadProgress({ label, percent }: { label: string; percent: number }) {
  return (
    <div className="flex items-center gap-3 text-xs text-muted-foreground">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-1.5 flex-1 overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <span className="tabular-nums">{percent}%</span>
    </div>
  );
}
