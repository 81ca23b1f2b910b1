import * as Tabs from "@radix-ui/react-tabs";
import { Copy, ExternalLink, FileText, RefreshCw, Send, Sparkles } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import { Link } from "react-router";
import { SessionExpiredError, useAdminSession } from "~/admin/admin-api";
import { Spinner } from "~/components/ui/spinner";
import { useToast } from "~/components/ui/toast";
import type { AiIndexingStatusResponse, CrawlerStatsResponse, SubmitSitemapResponse } from "~/discoverability/types";
import { Crawlers } from "./crawlers-tab";
import { Overview } from "./overview-tab";
import { Submission } from "./submission-tab";

/**
 * The AI admin (spec section 2): four tabs over GET /api/crawler-stats and GET
 * /api/ai-indexing-status (always sent together), and POST /api/submit-sitemap. Toasts use the
 * exact texts of spec section 8.
 */
// At 375 px the four tabs share one row (a 4-column grid), never one alone on a second line.
const tabClass =
  "min-h-11 border-b-2 border-transparent px-1 text-sm in-data-[pointer]:outline-none sm:px-4 font-semibold text-slate-700 hover:text-brand-800 data-[state=active]:border-brand-700 data-[state=active]:text-brand-800";

type Data = { stats: CrawlerStatsResponse; status: AiIndexingStatusResponse };

export function AiAdminDashboard() {
  const { adminFetch } = useAdminSession();
  const toast = useToast();
  const [data, setData] = useState<Data | null>(null);
  const [loading, setLoading] = useState(true);
  const [submitting, setSubmitting] = useState(false);
  const [results, setResults] = useState<SubmitSitemapResponse["submissions"]["main_sitemap"] | null>(null);
  const [tab, setTab] = useState("overview");
  const [pointer, setPointer] = useState(false);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const [stats, status] = await Promise.all([
        adminFetch<CrawlerStatsResponse>("/api/crawler-stats"),
        adminFetch<AiIndexingStatusResponse>("/api/ai-indexing-status"),
      ]);
      setData({ stats, status });
    } catch (error) {
      if (!(error instanceof SessionExpiredError)) toast({ title: "Error", description: "Failed to load data", variant: "destructive" });
    } finally {
      setLoading(false);
    }
  }, [adminFetch, toast]);

  useEffect(() => {
    void load();
  }, [load]);

  async function submit() {
    setSubmitting(true);
    try {
      const answer = await adminFetch<SubmitSitemapResponse>("/api/submit-sitemap", {
        method: "POST",
        headers: { "content-type": "application/json" },
      });
      const rows = answer.submissions.main_sitemap;
      setResults(rows);
      setTab("submission");
      // Success only when an engine took the submission; the rows say which did.
      if (rows.some((r) => r.success)) toast({ title: "Success", description: "Sitemaps submitted to search engines" });
      else toast({ title: "Error", description: "Failed to submit sitemaps", variant: "destructive" });
      await load();
    } catch (error) {
      if (!(error instanceof SessionExpiredError))
        toast({ title: "Error", description: "Failed to submit sitemaps", variant: "destructive" });
    } finally {
      setSubmitting(false);
    }
  }

  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: "Copied", description: "URL copied to clipboard" });
    } catch {
      toast({ title: "Error", description: "Could not copy the URL: copy it from the list instead", variant: "destructive" });
    }
  }

  const busy = loading || submitting;

  return (
    <section className="container-page py-10">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="text-sm">
            <Link to="/admin" className="font-semibold text-brand-700 underline underline-offset-4">
              Overview
            </Link>
          </p>
          <h1 className="mt-1 text-3xl font-extrabold tracking-tight">AI Discoverability Dashboard</h1>
          <p className="mt-1 text-slate-700">How search engines and AI crawlers see the site, measured from real traffic.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn btn-primary" onClick={() => void submit()} disabled={busy}>
            <Send aria-hidden="true" className="size-4" />
            {submitting ? "Submitting..." : "Submit Sitemaps"}
          </button>
          <button type="button" className="btn btn-secondary" onClick={() => void load()} disabled={busy}>
            <RefreshCw aria-hidden="true" className={`size-4 ${loading && data ? "animate-spin motion-reduce:animate-none" : ""}`} />
            Refresh Data
          </button>
          <a href="/sitemap.xml" target="_blank" rel="noopener" className="btn btn-secondary">
            <FileText aria-hidden="true" className="size-4" />
            View Sitemap<span className="sr-only"> (opens in a new tab)</span>
          </a>
          <a href="/ai-sitemap.xml" target="_blank" rel="noopener" className="btn btn-secondary">
            <Sparkles aria-hidden="true" className="size-4" />
            AI Sitemap<span className="sr-only"> (opens in a new tab)</span>
          </a>
        </div>
      </div>

      {!data ? (
        loading ? (
          <Spinner label="Loading discoverability data..." />
        ) : (
          <p className="mt-10 rounded-xl border border-red-200 bg-red-50 p-4 text-red-900">
            The data could not be loaded. Use Refresh Data to try again.
          </p>
        )
      ) : (
        <Tabs.Root value={tab} onValueChange={setTab} className="mt-8">
          <Tabs.List
            aria-label="AI discoverability sections"
            className="grid grid-cols-4 border-b border-slate-200 sm:flex sm:gap-2"
            // Radix moves focus to a clicked tab in a way Chromium marks :focus-visible: the ring is kept for
            // the keyboard only (a pointer press marks the list, a key press clears the mark).
            data-pointer={pointer ? "" : undefined}
            onPointerDown={() => setPointer(true)}
            onKeyDown={() => setPointer(false)}
          >
            <Tabs.Trigger value="overview" className={tabClass}>
              Overview
            </Tabs.Trigger>
            <Tabs.Trigger value="crawlers" className={tabClass}>
              Crawlers
            </Tabs.Trigger>
            <Tabs.Trigger value="indexing" className={tabClass}>
              Indexing
            </Tabs.Trigger>
            <Tabs.Trigger value="submission" className={tabClass}>
              Submission
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="overview" className="grid grid-cols-[minmax(0,1fr)] gap-8 pt-6">
            <Overview stats={data.stats} />
          </Tabs.Content>
          <Tabs.Content value="crawlers" className="grid grid-cols-[minmax(0,1fr)] gap-8 pt-6">
            <Crawlers stats={data.stats} />
          </Tabs.Content>
          <Tabs.Content value="indexing" className="grid grid-cols-[minmax(0,1fr)] gap-8 pt-6">
            <Indexing status={data.status} onCopy={(url) => void copy(url)} />
          </Tabs.Content>
          <Tabs.Content value="submission" className="grid grid-cols-[minmax(0,1fr)] gap-8 pt-6">
            <Submission status={data.status} results={results} />
          </Tabs.Content>
        </Tabs.Root>
      )}
    </section>
  );
}

function Indexing({ status, onCopy }: { status: AiIndexingStatusResponse; onCopy: (url: string) => void }) {
  return (
    <>
      <section aria-labelledby="endpoints-heading" className="grid gap-3">
        <h2 id="endpoints-heading" className="text-xl font-bold">
          Verification endpoints
        </h2>
        <ul className="grid gap-2">
          {status.verification_endpoints.map((url) => (
            <li
              key={url}
              className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-slate-200 bg-white px-4 py-2"
            >
              <code className="break-all text-sm">{url}</code>
              <span className="flex gap-2">
                <button type="button" className="btn btn-secondary px-4" onClick={() => onCopy(url)}>
                  <Copy aria-hidden="true" className="size-4" />
                  Copy<span className="sr-only"> {url}</span>
                </button>
                <a href={url} target="_blank" rel="noopener" className="btn btn-secondary px-4">
                  <ExternalLink aria-hidden="true" className="size-4" />
                  Open<span className="sr-only"> {url} (opens in a new tab)</span>
                </a>
              </span>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="contexts-heading" className="grid gap-3">
        <h2 id="contexts-heading" className="text-xl font-bold">
          AI training contexts
        </h2>
        <ul className="grid list-disc gap-2 pl-6 text-slate-800">
          {status.ai_training_contexts.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      </section>
    </>
  );
}
