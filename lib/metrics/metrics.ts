import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { ContentType } from "../notes/note-policy";
import { processSingleton } from "../process/process-singleton";
import { policyNames, type PolicyName } from "../rate-limit/policies";

// The service's Prometheus metrics: one registry per process, whichever copy of this module (the
// front server's bundle, or one of Next.js's) asks first, so every copy counts into the same
// series. Label values come from closed lists (kinds, policies, route patterns, formats), never from
// what a client sent, and a note's id is never one of them. Children with fixed label sets are made
// once, here, and shown at 0 from the start; counting is then one call on a held object.

/**
 * What kind of note an event is about: the first that applies of encrypted (end to end), password,
 * multi-page, then its format.
 */
const noteKinds = ["encrypted", "password", "multi-page", "markdown", "html"] as const;
type NoteKind = (typeof noteKinds)[number];

const noteEvents = ["created", "read", "burned", "expired", "deleted"] as const;
type NoteEvent = (typeof noteEvents)[number];

/** What the kind of a note is decided from: its columns, or the create request. */
export type NoteTraits = {
  encrypted: boolean;
  password_required: boolean;
  multi_page: boolean;
  content_type: ContentType;
};

export function noteKind(note: NoteTraits): NoteKind {
  if (note.encrypted) return "encrypted";
  if (note.password_required) return "password";
  if (note.multi_page) return "multi-page";
  return note.content_type;
}

/** Values the metrics read when scraped, each set by the module that owns it. */
type Sources = {
  /** jobs waiting for a render worker, per copy of the render pool */
  renderQueues: Set<() => number>;
  /** pg's pool (Postgres only): connections open, idle, and callers waiting for one */
  databasePool: { totalCount: number; idleCount: number; waitingCount: number } | null;
};

/** Where a notification goes, and what became of one attempt at it. */
const notificationChannels = ["webhook", "email", "slack", "discord", "teams", "ntfy"] as const;
const notificationOutcomes = ["delivered", "failed", "given_up", "limited", "opted_out"] as const;
export type NotificationChannel = (typeof notificationChannels)[number];
export type NotificationOutcome = (typeof notificationOutcomes)[number];

const seconds = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const sources: Sources = { renderQueues: new Set(), databasePool: null };

  const notes = Object.fromEntries(
    noteEvents.map((event) => {
      const counter = new Counter({
        name: `notes_${event}_total`,
        help: `Notes ${event}, by kind`,
        labelNames: ["kind"],
        registers,
      });
      return [event, Object.fromEntries(noteKinds.map((kind) => [kind, child(counter, { kind })]))];
    }),
  ) as Record<NoteEvent, Record<NoteKind, { inc: (count?: number) => void }>>;

  const refusals = new Counter({
    name: "notes_rate_limit_refusals_total",
    help: "Requests refused with 429 rate_limited, by rate-limit policy",
    labelNames: ["policy"],
    registers,
  });
  const notifications = new Counter({
    name: "notes_notifications_total",
    help: "Notification attempts (webhooks, emails, chat targets by format), by channel and outcome",
    labelNames: ["channel", "outcome"],
    registers,
  });
  const renderDuration = new Histogram({
    name: "notes_render_duration_seconds",
    help: "Time a render worker took for one note or page (a timeout counts its full wait)",
    labelNames: ["format"],
    buckets: seconds,
    registers,
  });
  new Gauge({
    name: "notes_render_queue_length",
    help: "Notes or pages waiting for a free render worker",
    registers,
    collect() {
      let waiting = 0;
      for (const length of sources.renderQueues) waiting += length();
      this.set(waiting);
    },
  });
  new Gauge({
    name: "notes_db_pool_connections",
    help: "Postgres connections of this process's pool, by state (0 on the embedded database)",
    labelNames: ["state"],
    registers,
    collect() {
      const pool = sources.databasePool;
      this.set({ state: "in_use" }, pool ? pool.totalCount - pool.idleCount : 0);
      this.set({ state: "idle" }, pool?.idleCount ?? 0);
    },
  });
  new Gauge({
    name: "notes_db_pool_waiting",
    help: "Queries waiting for a free Postgres connection",
    registers,
    collect() {
      this.set(sources.databasePool?.waitingCount ?? 0);
    },
  });

  return {
    registry,
    sources,
    notes,
    refusals: Object.fromEntries(
      policyNames.map((policy) => [policy, child(refusals, { policy })]),
    ) as Record<PolicyName, { inc: (count?: number) => void }>,
    notifications: Object.fromEntries(
      notificationChannels.map((channel) => [
        channel,
        Object.fromEntries(
          notificationOutcomes.map((outcome) => [outcome, child(notifications, { channel, outcome })]),
        ),
      ]),
    ) as Record<NotificationChannel, Record<NotificationOutcome, { inc: (count?: number) => void }>>,
    render: {
      markdown: histogramChild(renderDuration, "markdown"),
      html: histogramChild(renderDuration, "html"),
    },
    http: {
      requests: new Counter({
        name: "notes_http_requests_total",
        help: "Requests answered by the front server, by route pattern, method and status",
        labelNames: ["route", "method", "status"],
        registers,
      }),
      duration: new Histogram({
        name: "notes_http_request_duration_seconds",
        help: "Time from a request's arrival to its answer's end, by route pattern and method",
        labelNames: ["route", "method"],
        buckets: seconds,
        registers,
      }),
    },
  };
}

/** A counter's child for fixed labels, shown at 0 until counted. */
function child<L extends string>(counter: Counter<L>, labels: Record<L, string>) {
  counter.inc(labels, 0);
  return counter.labels(labels);
}

function histogramChild(histogram: Histogram<"format">, format: ContentType) {
  histogram.zero({ format });
  return histogram.labels({ format });
}

export const metrics = processSingleton("metrics", createMetrics);

/** Counts `count` (default 1) events of a note's life, of notes of the same kind. */
export function countNote(event: NoteEvent, note: NoteTraits, count = 1): void {
  metrics.notes[event][noteKind(note)].inc(count);
}
