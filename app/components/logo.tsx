import { PRODUCT_NAME } from "~/core/brand";

export function Logo() {
  return (
    <span className="flex items-center gap-2 text-lg font-bold tracking-tight text-slate-900">
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-7 w-7">
        <rect width="24" height="24" rx="6" className="fill-brand-600" />
        <circle cx="12" cy="12" r="5.5" fill="none" stroke="white" strokeWidth="2.2" />
        <circle cx="12" cy="12" r="1.8" fill="white" />
      </svg>
      {PRODUCT_NAME}
    </span>
  );
}
