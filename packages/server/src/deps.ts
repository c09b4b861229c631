import type { Config } from './config.ts';
import type { Database, Db } from './db/index.ts';
import type { CredentialKeys } from './lib/credential-keys.ts';
import type { JwtService } from './lib/jwt.ts';
import type { AccountCache } from './lib/account-cache.ts';
import type { BackgroundWork } from './lib/background-work.ts';
import type { QuizCache } from './lib/quiz-cache.ts';
import type { RateLimiter } from './lib/rate-limiter.ts';
import type { Mailer } from './mail/mailer.ts';

/** What every feature gets: built once in buildApp, passed down explicitly. */
export interface AppDeps {
  config: Config;
  database: Database;
  db: Db;
  jwt: JwtService;
  /** The keys that sign and verify the Open Badges credentials (decision 037). */
  credentialKeys: CredentialKeys;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  /** Quiz content in memory, dropped on every edit in every instance (lib/quiz-cache.ts). */
  quizCache: QuizCache;
  /** Each user's account state in memory, dropped on every write in every instance (lib/account-cache.ts). */
  accountCache: AccountCache;
  /** Work done after the response, so its duration cannot tell anything (lib/background-work.ts). */
  backgroundWork: BackgroundWork;
  /** The clock: injected so tests can move time. */
  now: () => Date;
  /** Multiplies every rate limit (1 in production; raised only by browser tests and benchmarks). */
  rateLimitFactor: number;
}
