import { Search } from "lucide-react";
import type { InputHTMLAttributes } from "react";

type SearchInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "name"> & { id: string; label: string };

/** A rounded search field with its icon and a visually hidden label; submits as `q`. */
export function SearchInput({ id, label, className = "", ...input }: SearchInputProps) {
  return (
    <div className="relative flex-1">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search aria-hidden className="pointer-events-none absolute left-4 top-1/2 size-5 -translate-y-1/2 text-slate-500" />
      <input
        id={id}
        type="search"
        name="q"
        autoComplete="off"
        className={`min-h-12 w-full rounded-full py-3 pl-12 pr-4 focus:outline-none ${className}`}
        {...input}
      />
    </div>
  );
}
