// Every publication the server makes keys its share cards: the first seed of `jwi serve`, an upload and recalc on
// the operator page, and the built-in schedule's update all run in the server's job child (`jwi job`), which draws
// none; the server draws them (at their first request, or ahead while idle) and /og/de.png answers the country's
// own 1200 × 630 card after each, never the generic image (a 302).
// Real processes on one data directory: `jwi serve` (twice: without and with a schedule) and the stand-in sources.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getJson, login, postJson, testPasswordHash } from "../api/helpers.ts";
import { tempDataDir } from "../helpers/cli.ts";
import { pngSize } from "../helpers/png.ts";
import { startServerProcess, until, type ServerProcess } from "../helpers/processes.ts";
import { revisedUnemploymentCube } from "../helpers/revised-unemployment.ts";
import { startStandIn, type StandIn } from "../fetch/stand-in.ts";

const tmp = tempDataDir("jwi-cards-server-");
let standIn: StandIn;
let server: ServerProcess | undefined;

beforeAll(async () => {
  standIn = await startStandIn();
});
afterAll(async () => {
  await server?.stop();
  await standIn?.close();
  tmp.cleanup();
});

/** The environment of `jwi serve` here: the operator's password, and the stand-in instead of Eurostat. */
const serverEnv = async (extra: NodeJS.ProcessEnv = {}): Promise<NodeJS.ProcessEnv> => ({
  JWI_ADMIN_PASSWORD_HASH: await testPasswordHash(),
  JWI_EUROSTAT_BASE_URL: standIn.url,
  JWI_FETCH_TIMEOUT_MS: "2000",
  JWI_FETCH_PAUSE_MS: "0",
  JWI_LOCK_WAIT_S: "60",
  // What these tests are about (the other tests' servers draw nothing ahead: tests/helpers/processes.ts).
  JWI_DRAW_CARDS_AHEAD: "true",
  ...extra,
});

/** Germany's share card as a social network fetches it: it must be the card itself, not a redirect. */
async function germanysCard(base: string): Promise<{ etag: string; png: Buffer }> {
  const res = await fetch(`${base}/og/de.png`, { redirect: "manual" });
  const body = Buffer.from(await res.arrayBuffer());
  expect(res.status, `/og/de.png answered ${res.status} ${res.headers.get("location") ?? ""}`).toBe(200);
  expect(res.headers.get("content-type")).toBe("image/png");
  expect(pngSize(body)).toEqual({ width: 1200, height: 630 });
  return { etag: res.headers.get("etag")!, png: body };
}

async function operatorStatus(base: string, cookie: string) {
  const r = await getJson(`${base}/api/admin/status`, { headers: { cookie } });
  expect(r.status).toBe(200);
  return r.body.published as {
    published_at: string;
    cards: {
      stored: number;
      older: number;
      drawn: number;
      to_draw: number;
      keyed: number | null;
      error: string | null;
    };
  };
}

describe("share cards of the server's own publications", () => {
  let seeded: { etag: string; png: Buffer };

  it("the first seed of an empty data directory keys every card; the idle server draws them all ahead", async () => {
    server = await startServerProcess(tmp.dir, await serverEnv(), 120_000);
    const base = server.url;
    const cookie = await login(base);
    const status = await operatorStatus(base, cookie);
    expect(status.cards).toMatchObject({ older: 0, error: null });
    expect(status.cards.keyed).toBe(status.cards.stored);
    expect(status.cards.stored).toBeGreaterThan(30);
    // Nobody asks for a card, yet they get drawn (drawing ahead is on by default) while no visitor asks for anything:
    // the operator's status, asked every 250 ms here, does not count as a visitor (api/app.ts). Were it one, nothing
    // would be drawn: the server draws ahead after 1 s without a visitor (QUIET_MS, server/start.ts).
    await until(
      async () => (await operatorStatus(base, cookie)).cards.to_draw === 0,
      240_000,
      "every card drawn ahead",
      250,
    );
    expect((await operatorStatus(base, cookie)).cards.drawn).toBe(status.cards.stored);
    seeded = await germanysCard(base);
    expect(server.logs()).not.toMatch(/share card/);
  }, 420_000);

  it("an upload and a recalc on the operator page key the cards; only the changed ones are left to draw", async () => {
    const base = server!.url;
    const cookie = await login(base);
    const form = new FormData();
    form.set("data_type", "unemployment");
    form.set("file", new Blob([revisedUnemploymentCube(1)]), "une_rt_m.json");
    const up = await fetch(`${base}/api/admin/upload`, {
      method: "POST",
      headers: { cookie, origin: base },
      body: form,
    });
    expect(up.status, await up.clone().text()).toBe(200);
    expect(((await up.json()) as { success: boolean }).success).toBe(true);
    const recalc = await postJson(`${base}/api/admin/recalculate`, {}, { cookie, origin: base });
    expect(recalc.status, JSON.stringify(recalc.body)).toBe(200);
    expect(recalc.body.cards).toMatchObject({ error: null });
    // Germany's numbers changed: at least its published card is new (to draw); the others are already drawn.
    expect(recalc.body.cards.to_draw).toBeGreaterThanOrEqual(1);
    expect(recalc.body.cards.drawn).toBeGreaterThan(recalc.body.cards.to_draw);
    expect(recalc.body.cards.drawn + recalc.body.cards.to_draw).toBe(recalc.body.cards.keyed);

    const card = await germanysCard(base);
    expect(card.etag).not.toBe(seeded.etag);
    expect(card.png.equals(seeded.png)).toBe(false);
    expect((await operatorStatus(base, cookie)).cards).toMatchObject({ older: 0, error: null });
  }, 120_000);

  it("a scheduled update keys the cards", async () => {
    await server!.stop();
    // The sources publish a new une_rt_m: the schedule fetches it, and its update recalculates.
    const revised = JSON.parse(revisedUnemploymentCube(2)) as Record<string, unknown>;
    standIn.setTable("une_rt_m", { ...revised, updated: "2026-11-24T23:00:00+0100" });
    server = await startServerProcess(
      tmp.dir,
      await serverEnv({ JWI_UPDATE_CRON: "* * * * * *", LOG_LEVEL: "info" }),
      120_000,
    );
    const base = server.url;
    const cookie = await login(base);
    const before = (await operatorStatus(base, cookie)).published_at;
    await until(() => /"msg":"scheduled update finished"/.test(server!.logs()), 90_000, "a scheduled update finishing");
    await until(
      async () => (await operatorStatus(base, cookie)).published_at !== before,
      30_000,
      "the update's publication",
    );
    expect(server.logs()).not.toMatch(/share cards? not (keyed|drawn)/);
    await germanysCard(base);
    expect((await operatorStatus(base, cookie)).cards).toMatchObject({ older: 0, error: null });
  }, 180_000);
});
