import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

/**
 * One scenario under load, in its own process so the load generator never shares the server's
 * event loop: a warm-up run whose figures are thrown away, then the measured run. Reads its
 * scenario as JSON from the file named by argv[2]; writes its figures as JSON on stdout.
 */

export interface DriveInput {
  url: string;
  method: 'GET' | 'POST';
  /** One entry per connection, round-robin: a client keeps its headers and body for the whole run. */
  clients: Array<{ headers: Record<string, string>; body?: string }>;
  /**
   * Whole quiz attempts instead of one request (decision 031): each client opens the quiz (GET
   * `quizPath`, the learner's draw), then POSTs to `url` the option of each shown question that
   * `chosen` names by question id, in the draw's order; and again. Both requests are counted.
   */
  attempt?: { quizPath: string; chosen: Record<string, { type: string; value: string }> };
  /**
   * A new path on every request: each client walks `paths` from `offset` on, one step per
   * request (the new-draw scenario: a quiz this learner has never opened, every time).
   */
  walk?: { paths: string[]; offset: number };
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
}

export interface DriveOutput {
  requestsPerSecond: number;
  requests: number;
  p50: number;
  p99: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodes: Record<string, number>;
}

interface DrawnQuiz {
  questions: Array<{ _id: string; options: Array<{ type: string; value: string }> }>;
}

/** GET the quiz, keep the answers to its draw in the client's context, POST them. */
function attemptRequests(input: DriveInput): autocannon.Request[] | undefined {
  const { attempt } = input;
  if (!attempt) return undefined;
  return [
    {
      method: 'GET',
      path: attempt.quizPath,
      onResponse: (status, body, context) => {
        if (status !== 200) return;
        const drawn = JSON.parse(body) as DrawnQuiz;
        context.answers = drawn.questions.map((question) => {
          const chosen = attempt.chosen[question._id];
          return question.options.findIndex(
            (option) => option.type === chosen?.type && option.value === chosen.value,
          );
        });
      },
    },
    {
      method: 'POST',
      path: new URL(input.url).pathname,
      setupRequest: (request, context) => ({
        ...request,
        body: JSON.stringify({ answers: context.answers }),
      }),
    },
  ];
}

/** Each request the next path of the client's walk (its own counter in its context). */
function walkRequests(input: DriveInput, offset: number): autocannon.Request[] | undefined {
  const { walk } = input;
  if (!walk) return undefined;
  return [
    {
      method: input.method,
      setupRequest: (request, context) => {
        const step = typeof context.step === 'number' ? context.step : offset;
        context.step = step + 1;
        return { ...request, path: walk.paths[step % walk.paths.length] ?? request.path };
      },
    },
  ];
}

const SETTLE_MS = 2_000;

function run(input: DriveInput, seconds: number, walkOffset = 0): Promise<autocannon.Result> {
  let next = 0;
  const requests = attemptRequests(input) ?? walkRequests(input, walkOffset);
  return autocannon({
    url: input.url,
    method: input.method,
    connections: input.connections,
    duration: seconds,
    ...(requests ? { requests } : {}),
    setupClient: (client) => {
      const setup = input.clients[next % input.clients.length];
      next += 1;
      if (!setup) return;
      client.setHeaders(setup.headers);
      if (setup.body !== undefined) client.setBody(setup.body);
    },
  });
}

async function main(): Promise<void> {
  const input = JSON.parse(readFileSync(process.argv[2] ?? '', 'utf8')) as DriveInput;
  // The warm-up walks its own stretch of the paths, so the measured run never repeats one.
  const stretch = Math.floor((input.walk?.paths.length ?? 0) / 2);
  if (input.warmupSeconds > 0) {
    await run(input, input.warmupSeconds, input.walk?.offset ?? 0);
    // The server still answers what the warm-up left in flight (argon2 logins queue): let it
    // finish, so the measured run starts on an idle server, not behind 50 abandoned requests.
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  }
  const result = await run(input, input.durationSeconds, (input.walk?.offset ?? 0) + stretch);
  const statusCodes: Record<string, number> = {};
  for (const [code, stats] of Object.entries(result.statusCodeStats ?? {})) {
    statusCodes[code] = (stats as { count: number }).count;
  }
  const output: DriveOutput = {
    requestsPerSecond: result.requests.average,
    requests: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    statusCodes,
  };
  process.stdout.write(`${JSON.stringify(output)}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
