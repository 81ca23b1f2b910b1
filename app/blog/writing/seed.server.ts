import { sql } from "drizzle-orm";
import { bylineStaffIds } from "~/auth/staff.server";
import { getDb, schema } from "~/core/database/db.server";
import { daysBefore } from "~/core/text/utc-days";
import type { Env } from "~/core/instance/env.server";
import { logger } from "~/core/logs/logger.server";

/**
 * Six demo posts for a brand-new site, so the first visitor sees a real blog. Runs only when
 * the blog is empty and SEED_DEMO is not false; the unique slugs keep two instances starting
 * together from seeding twice.
 */

type DemoPost = {
  slug: string;
  title: string;
  excerpt: string;
  author: string;
  category: string;
  image: string;
  tags: string[];
  daysAgo: number;
  content: string;
};

const DEMO_POSTS: DemoPost[] = [
  {
    slug: "how-to-host-your-first-clink-meetup",
    title: "How to Host Your First Clink Meetup",
    excerpt:
      "Pick the right venue, set a clear plan and welcome everyone by name: a simple guide to hosting a drinks meetup people will want to come back to.",
    author: "Maya Chen",
    category: "events",
    image: "/images/blog/posts/first-meetup.webp",
    tags: ["hosting", "meetups", "events"],
    daysAgo: 3,
    content: `Hosting your first meetup feels like a big step, but the best evenings are usually the simplest ones. Here is what our most-loved hosts do.

## Choose a venue that works for talking

Look for a bar with **room to stand and move**, music low enough to hear each other, and a few tables you can gather around. Busy Friday spots look exciting in photos but make conversation hard.

## Set a clear plan

Say exactly where and when to meet, what you will look like ("I'll be at the end of the bar in a green jacket") and roughly how long the evening will run. People relax when they know what to expect.

## Welcome everyone by name

- Arrive 15 minutes early
- Greet each guest and introduce them to someone already there
- Keep an eye out for anyone standing on their own

## Keep it easy to leave

Nobody should feel trapped. Make it clear that popping in for one drink is perfectly fine, and that water and soft drinks are always welcome.

Ready to try? Create your event in the app, set a small group size for your first go, and *have fun*.`,
  },
  {
    slug: "sydneys-best-rooftop-bars-for-a-sunset-drink",
    title: "Sydney's Best Rooftop Bars for a Sunset Drink",
    excerpt: "Harbour views, warm evenings and a cold drink in hand: our team's favourite rooftop bars in Sydney, and when to get there.",
    author: "Liam O'Connor",
    category: "nightlife",
    image: "/images/blog/posts/rooftop-bars.webp",
    tags: ["rooftop bars", "sydney", "nightlife"],
    daysAgo: 9,
    content: `Sydney was made for rooftop bars. When the evening is warm and the light turns gold over the harbour, there is no better place to meet new people.

## When to go

Arrive **before 5:30 pm** on weekdays to get a good spot for sunset. On weekends, the best rooftops fill up by 4 pm, so plan ahead or book a table.

## What to look for

1. Shade for the late afternoon sun
2. A happy hour that runs until sunset
3. Enough space for a group to stand together

## Making it social

Rooftops are perfect for group meetups: the setting does half the talking. Check the app for rooftop events near you, or start one and invite a few people heading the same way.

> Tip: bring a light jacket. The harbour breeze picks up as soon as the sun goes down.`,
  },
  {
    slug: "staying-safe-when-meeting-new-people-for-drinks",
    title: "Staying Safe When Meeting New People for Drinks",
    excerpt:
      "Meet in public venues, tell a friend your plans and look after each other: practical safety habits for every social drinking meetup.",
    author: "Priya Natarajan",
    category: "tips",
    image: "/images/blog/posts/safety.webp",
    tags: ["safety", "tips", "meeting new people"],
    daysAgo: 16,
    content: `Meeting new people should feel exciting, not risky. These habits keep the evening fun for everyone.

## Before you go

- **Meet in a public venue.** Clink events are always held in listed, public places.
- **Tell a friend** where you are going and when you expect to be home.
- **Plan your ride home** before the first drink.

## During the evening

Pace yourself and alternate with water. Keep your drink with you, and if you lose sight of it, order a fresh one. Trust your instincts: if something feels wrong, it is fine to leave.

## Use the tools in the app

Share your location with trusted contacts, and use the safety check-in so someone knows you got home. If anyone makes you uncomfortable, report them: our moderation team reviews every report.

Drinking is never required to join in. Many of our members come for the company and order a mocktail.`,
  },
  {
    slug: "happy-hour-etiquette-making-friends-after-work",
    title: "Happy Hour Etiquette: Making Friends After Work",
    excerpt:
      "After-work drinks are the easiest way to meet people in a new city. How to join a group, start a conversation and split the bill fairly.",
    author: "Jordan Ellis",
    category: "social",
    image: "/images/blog/posts/happy-hour.webp",
    tags: ["happy hour", "making friends", "after work"],
    daysAgo: 24,
    content: `Happy hour is the most relaxed way to meet people: everyone has just finished work, the prices are good and nobody expects a late night.

## Joining a group

Walking up to a table of strangers is easier than it sounds. Say who you are and that you saw the event in the app: *"Hi, I'm Sam, is this the after-work meetup?"* works every time.

## Starting a conversation

Skip "what do you do?" and ask about something you share: the venue, the neighbourhood, the best thing someone ate this week.

## Splitting the bill

Nothing ends a good evening faster than an awkward bill. Agree early how you will split it: evenly, by percentage or by item. The app can do the maths and send the transfers for you.

## Know when to head home

The best happy hours end while everyone is still having fun. Swap details with the people you clicked with and plan the next one.`,
  },
  {
    slug: "pub-trivia-nights-the-perfect-icebreaker",
    title: "Pub Trivia Nights: The Perfect Icebreaker",
    excerpt:
      "A team, a pencil and a round of questions about 90s pop: why pub trivia is one of the easiest ways to get to know a group of strangers.",
    author: "Maya Chen",
    category: "events",
    image: "/images/blog/posts/trivia-night.webp",
    tags: ["trivia", "pub quiz", "icebreakers"],
    daysAgo: 33,
    content: `If you find small talk hard, trivia night is for you. You get a shared goal, built-in conversation and a reason to celebrate together.

## Why it works

Teams of four to six are small enough for everyone to speak and big enough that nobody needs to know every answer. Within two rounds, strangers are arguing happily about the capital of Australia (it's **Canberra**).

## How to join

Look for trivia events in the app, join a team that needs players, and arrive ten minutes early to meet your teammates before the first round.

## Be a great teammate

- Say your answer out loud, even if you are unsure
- Let the quieter people write the answers down
- Celebrate the wrong answers too: they make the best stories

Most weekly trivia nights run on Tuesdays and Wednesdays, when bars are quieter and easier to talk in.`,
  },
  {
    slug: "whats-new-in-clink-group-chats-and-bill-splitting",
    title: "What's New in Clink: Group Chats and Bill Splitting",
    excerpt:
      "Plan the evening together in group chats, then split the bill evenly, by percentage or by item. Here is what changed in the latest update.",
    author: "The Clink Team",
    category: "updates",
    image: "/images/blog/posts/app-update.webp",
    tags: ["app update", "group chat", "bill splitting"],
    daysAgo: 41,
    content: `We have been listening to your feedback, and this update brings two of your most requested features.

## Group chats for every event

Every event now has its own group chat, so you can agree on the table, share who is running late and swap photos afterwards. Hosts can pin the meeting point to the top.

## Bill splitting that just works

At the end of the night, open the event and choose how to split:

| Method | Best for |
|---|---|
| Evenly | Shared plates and rounds |
| By percentage | Groups that agreed a split up front |
| By item | Everyone ordering their own |

Transfers are sent straight from the app, so nobody has to chase anyone.

## What's next

We are working on venue deals you can claim from an event page. Keep the feedback coming from **Settings → Feedback**.`,
  },
];

export async function seedDemoPosts(env: Env): Promise<void> {
  if (!env.SEED_DEMO) return;
  const db = getDb();
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(schema.blogPosts);
  if ((row?.n ?? 0) > 0) return;
  const now = new Date();
  // Each demo author is a staff record (without a sign-in) the posts belong to.
  const authorIds = await bylineStaffIds(
    db,
    DEMO_POSTS.map((p) => p.author),
  );
  const inserted = await db
    .insert(schema.blogPosts)
    .values(
      DEMO_POSTS.map(({ daysAgo, ...post }) => {
        const at = daysBefore(now, daysAgo);
        return { ...post, authorId: authorIds.get(post.author)!, published: true, createdAt: at, updatedAt: at };
      }),
    )
    .onConflictDoNothing()
    .returning({ id: schema.blogPosts.id });
  if (inserted.length) logger.info({ count: inserted.length }, "seeded demo blog posts");
}
