import { randomInt } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config.ts';
import { passwordWork } from '../lib/passwords.ts';
import { SERVER_BUSY_MESSAGE } from '../lib/work-queue.ts';
import type { Mail, Mailer } from '../mail/mailer.ts';
import {
  createTestContext,
  insertUser,
  readOutbox,
  TEST_PASSWORD,
  tokenFromLink,
  uniqueEmail,
  type TestContext,
} from '../testing/index.ts';
import { tableCounts } from './support.ts';

/**
 * Abuse of the account routes (issue 14, decision 021): locking others out, forged client
 * addresses, reset-password floods, timing that tells who has an account, slow bodies, weak
 * passwords and sign-up limits that hit a whole classroom.
 */

let context: TestContext;
beforeAll(async () => {
  context = await createTestContext();
});
afterAll(async () => {
  await context.close();
});
afterEach(() => {
  vi.useRealTimers();
});

/** An address no other test of this file uses. */
const freshAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

const login = (email: string, password: string, remoteAddress: string, target = context) =>
  target.request({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });

const signupBody = (overrides: Record<string, unknown> = {}) => ({
  first_name: 'Meera',
  last_name: 'Iyer',
  email: uniqueEmail(),
  password: 'Banyan-Monsoon-Chai-4',
  grade: 'c-5',
  consent: true,
  ...overrides,
});

describe('login throttling hits the attacker, not the account', () => {
  it('many wrong passwords for the admin from one address do not keep the admin out elsewhere', async () => {
    const admin = await insertUser(context.database, { role: 'admin' });
    const attacker = freshAddress();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 15; attempt += 1) {
      statuses.push((await login(admin.email, `Guess-Number-${attempt}`, attacker)).statusCode);
    }
    expect(statuses.slice(0, 5)).toEqual(Array(5).fill(401));
    expect(statuses.slice(5)).toEqual(Array(10).fill(429));
    // The admin, from home, at once.
    expect((await login(admin.email, TEST_PASSWORD, freshAddress())).statusCode).toBe(200);
    // Guessing from many addresses: each pays its own failures; the owner still gets in.
    for (let address = 0; address < 12; address += 1) {
      expect((await login(admin.email, 'Guess-Again-1', freshAddress())).statusCode).toBe(401);
    }
    expect((await login(admin.email, TEST_PASSWORD, freshAddress())).statusCode).toBe(200);
  });

  it('backs off: the pair is blocked 1, 2, 4 … minutes; the right password waits too; success forgets', async () => {
    const start = new Date('2030-01-01T08:00:00Z').getTime();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(start);
    const user = await insertUser(context.database);
    const address = freshAddress();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await login(user.email, 'Wrong-Password-1', address)).statusCode).toBe(401);
    }
    const blocked = await login(user.email, TEST_PASSWORD, address);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(
      'Too many failed logins for this account from your network. Please wait 1 minute and try again, or reset your password.',
    );

    vi.setSystemTime(start + 61_000);
    expect((await login(user.email, 'Wrong-Password-1', address)).statusCode).toBe(401);
    const second = await login(user.email, TEST_PASSWORD, address);
    expect(second.statusCode).toBe(429);
    expect(second.json().message).toMatch(/wait 2 minutes/);
    vi.setSystemTime(start + 61_000 + 61_000);
    expect((await login(user.email, TEST_PASSWORD, address)).statusCode).toBe(429);
    vi.setSystemTime(start + 61_000 + 121_000);
    expect((await login(user.email, 'Wrong-Password-1', address)).statusCode).toBe(401);
    expect((await login(user.email, TEST_PASSWORD, address)).json().message).toMatch(/wait 4 minutes/);

    vi.setSystemTime(start + 61_000 + 121_000 + 241_000);
    expect((await login(user.email, TEST_PASSWORD, address)).statusCode).toBe(200);
    // Forgotten after the success: five free failures again.
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await login(user.email, 'Wrong-Password-1', address)).statusCode).toBe(401);
    }
    expect((await login(user.email, TEST_PASSWORD, address)).statusCode).toBe(429);
  });

  it('a password reset lets the owner in at once, even from the blocked address', async () => {
    const user = await insertUser(context.database);
    const address = freshAddress();
    for (let attempt = 0; attempt < 6; attempt += 1) await login(user.email, 'Wrong-Password-1', address);
    expect((await login(user.email, TEST_PASSWORD, address)).statusCode).toBe(429);
    await context.request({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: user.email },
      remoteAddress: address,
    });
    const token = tokenFromLink(readOutbox(context.outboxDir, user.email).at(-1)?.link ?? null);
    const reset = await context.request({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'Fresh-Start-Lotus-5' },
      remoteAddress: address,
    });
    expect(reset.statusCode).toBe(200);
    expect((await login(user.email, 'Fresh-Start-Lotus-5', address)).statusCode).toBe(200);
  });

  it('one address is stopped after 100 failed logins a day over any accounts', async () => {
    const start = new Date('2030-02-01T08:00:00Z').getTime();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(start);
    const address = freshAddress();
    for (let attempt = 0; attempt < 100; attempt += 1) {
      // 30 requests per 5 minutes per address hold as well: spread the guesses.
      vi.setSystemTime(start + Math.floor(attempt / 25) * 5 * 60_000 + attempt);
      expect((await login(uniqueEmail(), 'Wrong-Password-1', address)).statusCode).toBe(401);
    }
    vi.setSystemTime(start + 30 * 60_000);
    const stopped = await login(uniqueEmail(), 'Wrong-Password-1', address);
    expect(stopped.statusCode).toBe(429);
    expect(stopped.json().message).toMatch(/from this network/);
    vi.setSystemTime(start + 24 * 60 * 60_000 + 60_000);
    expect((await login(uniqueEmail(), 'Wrong-Password-1', address)).statusCode).toBe(401);
  });

  it('an IPv6 client counts as its /64: rotating through its own addresses escapes no limit', async () => {
    const network = `2001:db8:${randomInt(0x10000).toString(16)}:${randomInt(0x10000).toString(16)}`;
    const inNetwork = () => `${network}:${[0, 0, 0, 0].map(() => randomInt(0x10000).toString(16)).join(':')}`;
    // 30 login requests per 5 minutes per address: each from another address of the same /64.
    for (let attempt = 0; attempt < 30; attempt += 1) {
      expect((await login(uniqueEmail(), 'Wrong-Password-1', inNetwork())).statusCode).toBe(401);
    }
    expect((await login(uniqueEmail(), 'Wrong-Password-1', inNetwork())).statusCode).toBe(429);
    // The same count does not touch the neighbouring /64, nor an IPv4 client.
    expect(
      (await login(uniqueEmail(), 'Wrong-Password-1', `2001:db8:ffff:${randomInt(0x10000).toString(16)}::1`))
        .statusCode,
    ).toBe(401);
    expect((await login(uniqueEmail(), 'Wrong-Password-1', freshAddress())).statusCode).toBe(401);
  });
});

describe('TRUST_PROXY is a hop count or a list of proxies', () => {
  it('refuses "true" at start with a message that says what to give instead', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/number of proxies in front of the app/);
    expect(() => loadConfig({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/40' })).toThrow(/TRUST_PROXY/);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16,loopback' }).trustProxy).toEqual([
      '10.0.0.5',
      '10.1.0.0/16',
      'loopback',
    ]);
  });

  /** 11 forgot-password requests (10 per 15 minutes per address) with a new forged X-Forwarded-For each. */
  async function forgedRun(target: TestContext, remoteAddress: string, realClient: string | null) {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1) {
      const forged = freshAddress();
      const response = await target.request({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: uniqueEmail() },
        remoteAddress,
        headers: { 'x-forwarded-for': realClient ? `${forged}, ${realClient}` : forged },
      });
      statuses.push(response.statusCode);
    }
    return statuses;
  }

  it('with one hop, a client cannot escape the per-address limit by sending its own X-Forwarded-For', async () => {
    const proxied = await createTestContext({ database: context.database, env: { TRUST_PROXY: '1' } });
    try {
      // The proxy appends the address it saw; everything before it is the client's own text.
      const statuses = await forgedRun(proxied, '10.250.0.1', freshAddress());
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
      expect(statuses[10]).toBe(429);
      // Clients behind the same proxy are still told apart.
      const other = await forgedRun(proxied, '10.250.0.1', freshAddress());
      expect(other[0]).toBe(200);
    } finally {
      await proxied.app.close();
    }
  });

  it('with a list, only the listed proxies are believed', async () => {
    const proxied = await createTestContext({
      database: context.database,
      env: { TRUST_PROXY: '10.251.0.1' },
    });
    try {
      const viaProxy = await forgedRun(proxied, '10.251.0.1', freshAddress());
      expect(viaProxy[10]).toBe(429);
      // A client that reaches the app directly is its socket address, whatever it claims.
      const direct = await forgedRun(proxied, freshAddress(), null);
      expect(direct.slice(0, 10)).toEqual(Array(10).fill(200));
      expect(direct[10]).toBe(429);
    } finally {
      await proxied.app.close();
    }
  });
});

describe('reset-password: the token first, a limit per address, bounded hashing', () => {
  it('hashes nothing for tokens that do not exist, and answers 429 after 20 per 15 minutes', async () => {
    const address = freshAddress();
    const before = passwordWork.stats().completed;
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 21; attempt += 1) {
      const response = await context.request({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token: `fake-token-${attempt}-${'x'.repeat(32)}`, password: 'Some-New-Password-9' },
        remoteAddress: address,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(400));
    expect(statuses[20]).toBe(429);
    expect(passwordWork.stats().completed).toBe(before);
  });

  it('every argon2 run (sign-up, login, reset) goes through one queue no wider than the cores', async () => {
    const user = await insertUser(context.database);
    const before = passwordWork.stats().completed;
    const logins = await Promise.all(
      Array.from({ length: 12 }, () => login(user.email, TEST_PASSWORD, freshAddress())),
    );
    expect(logins.map((response) => response.statusCode)).toEqual(Array(12).fill(200));
    await context.request({
      method: 'POST',
      url: '/api/auth/signup',
      payload: signupBody(),
      remoteAddress: freshAddress(),
    });
    expect(passwordWork.stats().completed - before).toBe(13);
    const { availableParallelism } = await import('node:os');
    expect(passwordWork.stats().maxRunning).toBeLessThanOrEqual(availableParallelism());
  });

  it('answers 503 with a message, never a 500, when more logins arrive than the queue holds', async () => {
    const user = await insertUser(context.database);
    const responses = await Promise.all(
      Array.from({ length: 200 }, () => login(user.email, 'Wrong-Password-1', freshAddress())),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.every((status) => status === 401 || status === 503)).toBe(true);
    const busy = responses.find((response) => response.statusCode === 503);
    expect(busy?.json()).toEqual({ message: SERVER_BUSY_MESSAGE });
    expect(passwordWork.stats().refused).toBeGreaterThan(0);
  });
});

describe('sign-up and forgot-password take the same path whether or not the e-mail has an account', () => {
  /** A mailer that holds every mail until released: a response that waited for a mail cannot arrive. */
  function heldMailer() {
    const sent: Mail[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const mailer: Mailer = {
      send: async (mail) => {
        await gate;
        sent.push(mail);
      },
      close: () => {},
    };
    return { mailer, sent, release };
  }

  /** The response, or 'held' when it did not come while the mails were held. */
  const within = async <T>(promise: Promise<T>) =>
    Promise.race([promise, new Promise<'held'>((resolve) => setTimeout(() => resolve('held'), 3000))]);

  it('sign-up: one hash and no mail before the answer, on both paths', async () => {
    const held = heldMailer();
    const target = await createTestContext({ database: context.database, mailer: held.mailer });
    try {
      const existing = await insertUser(context.database);
      const answers: Array<{ status: number | 'held'; hashes: number }> = [];
      for (const email of [existing.email, uniqueEmail()]) {
        const before = passwordWork.stats().completed;
        const response = await within(
          target.app.inject({
            method: 'POST',
            url: '/api/auth/signup',
            payload: signupBody({ email }),
            remoteAddress: freshAddress(),
          }),
        );
        answers.push({
          status: response === 'held' ? 'held' : response.statusCode,
          hashes: passwordWork.stats().completed - before,
        });
        held.release();
        await target.app.backgroundWork.idle();
      }
      expect(answers[0]).toEqual({ status: 201, hashes: 1 });
      expect(answers[1]).toEqual(answers[0]);
      expect(held.sent.map((mail) => mail.subject)).toEqual([
        'You already have a QuizQuest account',
        'Verify your QuizQuest account',
      ]);
    } finally {
      held.release();
      await target.app.close();
    }
  });

  it('forgot-password: no hash and no mail before the answer, on both paths', async () => {
    const held = heldMailer();
    const target = await createTestContext({ database: context.database, mailer: held.mailer });
    try {
      const existing = await insertUser(context.database);
      const answers: Array<{ status: number | 'held'; hashes: number }> = [];
      for (const email of [existing.email, uniqueEmail()]) {
        const before = passwordWork.stats().completed;
        const response = await within(
          target.app.inject({
            method: 'POST',
            url: '/api/auth/forgot-password',
            payload: { email },
            remoteAddress: freshAddress(),
          }),
        );
        answers.push({
          status: response === 'held' ? 'held' : response.statusCode,
          hashes: passwordWork.stats().completed - before,
        });
        held.release();
        await target.app.backgroundWork.idle();
      }
      expect(answers[0]).toEqual({ status: 200, hashes: 0 });
      expect(answers[1]).toEqual(answers[0]);
      expect(held.sent.map((mail) => mail.to)).toEqual([existing.email]);
    } finally {
      held.release();
      await target.app.close();
    }
  });
});

describe('concurrent duplicates', () => {
  it('three sign-ups of one new e-mail at once: one account, one verification mail', async () => {
    const email = uniqueEmail();
    const before = await tableCounts(context.database);
    const responses = await Promise.all(
      Array.from({ length: 3 }, () =>
        context.request({
          method: 'POST',
          url: '/api/auth/signup',
          payload: signupBody({ email }),
          remoteAddress: freshAddress(),
        }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual([201, 201, 201]);
    expect((await tableCounts(context.database)).users).toBe((before.users ?? 0) + 1);
    const subjects = readOutbox(context.outboxDir, email).map((mail) => mail.subject);
    expect(subjects.filter((subject) => subject === 'Verify your QuizQuest account')).toHaveLength(1);
  });

  it('one reset link used three times at once: one new password, two refusals', async () => {
    const user = await insertUser(context.database);
    await context.request({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: user.email },
      remoteAddress: freshAddress(),
    });
    const token = tokenFromLink(readOutbox(context.outboxDir, user.email).at(-1)?.link ?? null);
    const passwords = ['Cedar-Lantern-North-1', 'Cedar-Lantern-North-2', 'Cedar-Lantern-North-3'];
    const responses = await Promise.all(
      passwords.map((password) =>
        context.request({
          method: 'POST',
          url: '/api/auth/reset-password',
          payload: { token, password },
          remoteAddress: freshAddress(),
        }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect([...statuses].sort()).toEqual([200, 400, 400]);
    const winner = passwords[statuses.indexOf(200)]!;
    expect((await login(user.email, winner, freshAddress())).statusCode).toBe(200);
  });
});

describe('slow requests are cut off', () => {
  let server: TestContext;
  let port = 0;
  beforeAll(async () => {
    server = await createTestContext({
      database: context.database,
      env: {
        REQUEST_TIMEOUT_SECONDS: '1',
        CONNECTION_TIMEOUT_SECONDS: '2',
        MAX_CONNECTIONS_PER_ADDRESS: '3',
      },
    });
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const address = server.app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });
  afterAll(async () => {
    await server.app.close();
  });

  const open = () =>
    new Promise<Socket>((resolve, reject) => {
      const socket = connect({ port, host: '127.0.0.1' }, () => resolve(socket));
      socket.on('error', reject);
      // Read, so that the server's end of the connection is seen.
      socket.resume();
    });
  const closedWithin = (socket: Socket, ms: number) =>
    new Promise<boolean>((resolve) => {
      if (socket.destroyed) resolve(true);
      const timer = setTimeout(() => resolve(false), ms);
      socket.on('close', () => {
        clearTimeout(timer);
        resolve(true);
      });
    });

  it('a body sent one byte at a time is cut off at the request timeout', async () => {
    const socket = await open();
    let answer = '';
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString();
    });
    socket.write(
      'POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{',
    );
    const trickle = setInterval(() => socket.write(' '), 200);
    const started = Date.now();
    try {
      expect(await closedWithin(socket, 5000)).toBe(true);
    } finally {
      clearInterval(trickle);
      socket.destroy();
    }
    expect(Date.now() - started).toBeLessThan(5000);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('a connection that sends nothing is closed too', async () => {
    const socket = await open();
    try {
      expect(await closedWithin(socket, 5000)).toBe(true);
    } finally {
      socket.destroy();
    }
  });

  it('one address holds at most MAX_CONNECTIONS_PER_ADDRESS connections; a normal request still works', async () => {
    const sockets = [await open(), await open(), await open()];
    const fourth = await open();
    try {
      expect(await closedWithin(fourth, 1000)).toBe(true);
      expect(sockets.every((socket) => !socket.destroyed)).toBe(true);
    } finally {
      for (const socket of [...sockets, fourth]) socket.destroy();
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    const response = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(response.status).toBe(200);
  });
});

describe('weak new passwords are refused with a clear message', () => {
  const refused: Array<[string, Record<string, unknown>, string]> = [
    ['eight spaces', { password: '        ' }, 'The password cannot be only spaces.'],
    [
      'one repeated character',
      { password: 'zzzzzzzzzz' },
      'The password needs at least 4 different characters.',
    ],
    [
      'two characters in turn',
      { password: 'k9k9k9k9k9' },
      'The password needs at least 4 different characters.',
    ],
    [
      'the own e-mail',
      { email: 'kavya.rao@example.com', password: 'Kavya.Rao@example.com' },
      'The password must not contain your name, your e-mail address or the word QuizQuest.',
    ],
    [
      "the e-mail's part before @",
      { email: 'kavya.rao77@example.com', password: 'kavya.rao77' },
      'The password must not contain your name, your e-mail address or the word QuizQuest.',
    ],
    [
      'the own name',
      { first_name: 'Meenakshi', password: 'meenakshi2015' },
      'The password must not contain your name, your e-mail address or the word QuizQuest.',
    ],
    [
      'the name of the site',
      { password: 'Quiz Quest 2026' },
      'The password must not contain your name, your e-mail address or the word QuizQuest.',
    ],
  ];

  it.each(refused)(
    'sign-up refuses %s with 400 and a message, and stores nothing',
    async (_n, body, message) => {
      const before = await tableCounts(context.database);
      const response = await context.request({
        method: 'POST',
        url: '/api/auth/signup',
        payload: signupBody(body),
        remoteAddress: freshAddress(),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message, errors: { password: message } });
      expect(await tableCounts(context.database)).toEqual(before);
    },
  );

  it('reset-password refuses the account’s own e-mail and name, and the link still works afterwards', async () => {
    const user = await insertUser(context.database);
    await context.request({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: user.email },
    });
    const token = tokenFromLink(readOutbox(context.outboxDir, user.email).at(-1)?.link ?? null);
    for (const password of [user.email.toUpperCase(), '        ', 'Test-Learner-Learner']) {
      const response = await context.request({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token, password },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/^The password (cannot|must not)/);
      expect(response.json().errors).toEqual({ password: response.json().message });
    }
    const reset = await context.request({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'Peacock-Garden-Rain-3' },
    });
    expect(reset.statusCode).toBe(200);
  });
});

describe('sign-up limits: generous per address, strict per e-mail, configurable', () => {
  it('a classroom of 30 behind one address signs up', async () => {
    const school = freshAddress();
    const statuses: number[] = [];
    for (let pupil = 0; pupil < 30; pupil += 1) {
      const response = await context.request({
        method: 'POST',
        url: '/api/auth/signup',
        payload: signupBody(),
        remoteAddress: school,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual(Array(30).fill(201));
  });

  it('one e-mail address: 3 sign-ups an hour from anywhere, then 429', async () => {
    const email = uniqueEmail();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const response = await context.request({
        method: 'POST',
        url: '/api/auth/signup',
        payload: signupBody({ email }),
        remoteAddress: freshAddress(),
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([201, 201, 201, 429]);
    expect(readOutbox(context.outboxDir, email)).toHaveLength(3);
  });

  it('SIGNUP_LIMIT_PER_ADDRESS and SIGNUP_LIMIT_PER_EMAIL set the numbers, RATE_LIMIT_FACTOR scales them', async () => {
    const configured = await createTestContext({
      database: context.database,
      env: { SIGNUP_LIMIT_PER_ADDRESS: '2', SIGNUP_LIMIT_PER_EMAIL: '1' },
      rateLimitFactor: 2,
    });
    try {
      const address = freshAddress();
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const response = await configured.request({
          method: 'POST',
          url: '/api/auth/signup',
          payload: signupBody(),
          remoteAddress: address,
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([201, 201, 201, 201, 429]);
      expect(() => loadConfig({ SIGNUP_LIMIT_PER_ADDRESS: '0' })).toThrow(/SIGNUP_LIMIT_PER_ADDRESS/);
    } finally {
      await configured.app.close();
    }
  });
});
