/** Recovery codes, shown once: a list to copy or print, with what they are for. */
export function RecoveryCodesList({ codes }: { codes: string[] }) {
  return (
    <div className="grid gap-2 rounded-lg border border-amber-300 bg-amber-50 p-4">
      <h3 className="font-bold text-amber-950">Your recovery codes</h3>
      <p className="text-sm text-amber-950">
        Keep these somewhere safe. Each one signs you in once if you lose your phone. They are not shown again.
      </p>
      <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-x-4 gap-y-1 font-mono text-sm text-slate-900">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
    </div>
  );
}
