// A visitor's sector or role (docs/product.md `/sectors` and compare): the labelled select of the GET forms that pick
// it (works without JavaScript), its name in the page's language, and what a role family or a finer section reads
// (the NACE aggregate named: "health and social work is published only together with public administration and
// education"). Shared by /sectors and /compare/{codes}. The choice itself is product/sectors.ts readSectorChoice.
import { useIntl } from "react-intl";
import { ROLE_FAMILIES, type RoleFamily } from "../../../product/options.ts";
import {
  ALL_CHOICE,
  PICKABLE_SECTORS,
  roleSlug,
  roleValue,
  sectorCodes,
  type SectorChoice,
  type SectorView,
} from "../../../product/sectors.ts";
import { sectorName } from "./sector-words.ts";

type Intl = ReturnType<typeof useIntl>;

/** A role family's name in the page's language (the experience form's option label). */
export const roleName = (intl: Intl, family: RoleFamily) =>
  intl.formatMessage({ id: `forms.option.${roleSlug(family)}` });

/** The name of what was picked: "All sectors", a sector's name, or a role's. */
export function choiceName(intl: Intl, choice: SectorChoice): string {
  if (choice.kind === "all") return intl.formatMessage({ id: "sectors.pick.all" });
  if (choice.kind === "role") return roleName(intl, choice.family);
  return sectorName(intl, { revision: "nace_r2", code: choice.code });
}

/** The role family whose words say what a finer section reads (`Q` is health care's). */
const SECTION_ROLES: Readonly<Record<string, RoleFamily>> = {
  G: "Retail",
  H: "Transportation",
  I: "Hospitality",
  P: "Education",
  Q: "Healthcare",
};

/**
 * What a role family (or a finer section) reads, in words, once per kind of aggregate the shown figures use: its own
 * section where a loaded file holds it ("… on its own (NACE Q)"), else the aggregate it is published in ("health and
 * social work is published only together with public administration and education: this rate covers all three
 * (NACE O-Q)"). Empty for a shown aggregate or every sector (their names say what they cover).
 */
export function coverSentences(intl: Intl, choice: SectorChoice, rates: ReadonlyArray<SectorView | null>): string[] {
  const family =
    choice.kind === "role" ? choice.family : choice.kind === "sector" ? SECTION_ROLES[choice.code] : undefined;
  if (family === undefined || choice.kind === "all" || choice.codes === null) return [];
  const said = new Map<string, string>();
  const used = rates.filter((r): r is SectorView => r !== null);
  // Without any figure, the aggregate its codes fall back to (the last of NACE Rev. 2's list).
  const kinds = used.length
    ? used.map((r) => ({ finer: r.part_of !== null, code: r.code, revision: r.revision }))
    : [{ finer: false, code: choice.codes.nace_r2.at(-1)!, revision: "nace_r2" as const }];
  for (const k of kinds) {
    const key = `${k.finer}|${k.revision}|${k.code}`;
    if (said.has(key)) continue;
    const code = k.revision === "nace_r2_1" ? `Rev. 2.1 ${k.code}` : k.code;
    said.set(
      key,
      intl.formatMessage({ id: `sectors.covers.${roleSlug(family)}` }, { finer: k.finer ? "yes" : "no", code }),
    );
  }
  return [...new Set(said.values())];
}

/** The labelled select of a sector pick form: every sector (where offered), the sectors, the roles. */
export function SectorSelect({
  id,
  value,
  allowAll = false,
  className,
}: {
  id: string;
  value: string;
  allowAll?: boolean;
  className?: string;
}) {
  const intl = useIntl();
  return (
    <select
      id={id}
      name="sector"
      defaultValue={value}
      key={value}
      className={
        className ??
        "mt-1 block w-full min-h-11 rounded-lg border border-slate-300 bg-white px-2 py-2 text-slate-900 sm:px-3"
      }
    >
      {allowAll ? <option value={ALL_CHOICE}>{intl.formatMessage({ id: "sectors.pick.all" })}</option> : null}
      <optgroup label={intl.formatMessage({ id: "sectors.pick.sectors" })}>
        {/* A finer section asked for by address (`?sector=Q`) is not in the list: it is offered while chosen. */}
        {sectorCodes(value) !== null && !PICKABLE_SECTORS.includes(value) ? (
          <option value={value}>{sectorName(intl, { revision: "nace_r2", code: value })}</option>
        ) : null}
        {PICKABLE_SECTORS.map((code) => (
          <option key={code} value={code}>
            {sectorName(intl, { revision: "nace_r2", code })}
          </option>
        ))}
      </optgroup>
      <optgroup label={intl.formatMessage({ id: "sectors.pick.roles" })}>
        {ROLE_FAMILIES.map((family) => (
          <option key={family} value={roleValue(family)}>
            {roleName(intl, family)}
          </option>
        ))}
      </optgroup>
    </select>
  );
}
