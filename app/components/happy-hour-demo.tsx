const frames = [
  {
    image: "/images/venues/bar-1.webp",
    title: "1. Open the deal finder",
    body: "Clink lists the bars near you pouring happy hour prices right now, closest first, with how long each deal lasts.",
  },
  {
    image: "/images/venues/rooftop-1.webp",
    title: "2. See who is going",
    body: "Each happy hour shows the members heading there tonight. Join their table with one tap instead of drinking alone.",
  },
  {
    image: "/images/blog/posts/happy-hour.webp",
    title: "3. Meet and raise a glass",
    body: "Check in when you arrive, share your plans with a trusted contact and settle the bill in the app afterwards.",
  },
] as const;

/** "Watch Demo" on /happy-hour: how a happy hour with Clink goes, in three frames of the site's own images. */
export function HappyHourDemo() {
  return (
    <ol className="grid gap-5 md:grid-cols-3">
      {frames.map((frame) => (
        <li key={frame.title} className="overflow-hidden rounded-xl bg-slate-50 ring-1 ring-slate-200">
          <img
            src={frame.image}
            alt=""
            width={640}
            height={400}
            loading="lazy"
            className="aspect-[16/7] w-full object-cover md:aspect-[16/10]"
          />
          <div className="p-4">
            <h3 className="font-bold text-slate-900">{frame.title}</h3>
            <p className="mt-1 text-sm leading-6 text-slate-600">{frame.body}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}
