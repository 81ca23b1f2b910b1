export function SectionIntro({
  eyebrow,
  title,
  lead,
  id,
  center = true,
}: {
  eyebrow?: string;
  title: string;
  lead?: string;
  id?: string;
  center?: boolean;
}) {
  return (
    <div className={center ? "mx-auto max-w-2xl text-center" : "max-w-2xl"}>
      {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
      <h2 id={id} className="heading-section mt-3">
        {title}
      </h2>
      {lead ? <p className="lead mt-4">{lead}</p> : null}
    </div>
  );
}
