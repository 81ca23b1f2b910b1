import { Beer, MapPin, Martini, Users, Wine } from "lucide-react";

const people = [
  { initials: "MJ", name: "Mia, 29", note: "After-work spritz · 0.3 mi", tone: "bg-rose-200 text-rose-900" },
  { initials: "DK", name: "Dev, 34", note: "Craft beer crawl · 0.6 mi", tone: "bg-emerald-200 text-emerald-900" },
  { initials: "SL", name: "Sam, 26", note: "Rooftop sunset · 0.9 mi", tone: "bg-sky-200 text-sky-900" },
];

/**
 * The app on a phone, drawn in HTML and CSS (no image to download, no layout shift).
 * Decorative for assistive technology except for its one-line description.
 */
export function PhoneMockup() {
  return (
    <div
      role="img"
      aria-label="The Clink app showing people nearby who are up for a drink tonight and a happy hour event"
      className="relative mx-auto w-[280px]"
    >
      <div className="rounded-[2.6rem] bg-slate-900 p-3 shadow-2xl ring-1 ring-white/10">
        <div className="relative overflow-hidden rounded-[2rem] bg-slate-50">
          <div className="absolute left-1/2 top-2 h-5 w-24 -translate-x-1/2 rounded-full bg-slate-900" />
          <div className="bg-brand-700 px-4 pb-4 pt-10 text-white">
            <p className="text-[11px] font-semibold uppercase tracking-wider text-brand-100">Sydney · Tonight</p>
            <p className="mt-1 text-lg font-bold">12 people nearby</p>
            <div data-chips className="mt-3 flex gap-1">
              {["All", "Bars", "Rooftops", "Happy hour"].map((chip, i) => (
                <span
                  key={chip}
                  className={`shrink-0 whitespace-nowrap rounded-full px-2 py-1 text-[10px] font-semibold ${i === 0 ? "bg-white text-brand-800" : "bg-white/15 text-white"}`}
                >
                  {chip}
                </span>
              ))}
            </div>
          </div>
          <ul className="space-y-2 p-3">
            {people.map((person) => (
              <li key={person.name} className="flex items-center gap-3 rounded-xl bg-white p-2.5 shadow-sm ring-1 ring-slate-200">
                <span className={`flex h-9 w-9 items-center justify-center rounded-full text-xs font-bold ${person.tone}`}>
                  {person.initials}
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block text-xs font-semibold text-slate-900">{person.name}</span>
                  <span className="block truncate text-[10px] text-slate-600">{person.note}</span>
                </span>
                <span className="rounded-full bg-brand-50 px-2 py-1 text-[10px] font-bold text-brand-800">Say hi</span>
              </li>
            ))}
          </ul>
          <div className="mx-3 mb-3 rounded-xl bg-amber-100 p-3">
            <p className="flex items-center gap-1.5 text-[10px] font-bold uppercase tracking-wider text-amber-900">
              <Martini className="h-3.5 w-3.5" /> Happy hour · 5-7 pm
            </p>
            <p className="mt-1 text-xs font-semibold text-slate-900">Harbourside Social</p>
            <p className="mt-0.5 flex items-center gap-1 text-[10px] text-slate-700">
              <MapPin className="h-3 w-3" /> The Rocks · <Users className="h-3 w-3" /> 8 going
            </p>
          </div>
          <div className="flex justify-around border-t border-slate-200 bg-white py-2.5 text-slate-500">
            <MapPin className="h-4 w-4 text-brand-700" />
            <Users className="h-4 w-4" />
            <Wine className="h-4 w-4" />
            <Beer className="h-4 w-4" />
          </div>
        </div>
      </div>
    </div>
  );
}
