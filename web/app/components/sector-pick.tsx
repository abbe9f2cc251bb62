// A visitor's sector or role (docs/product.md `/sectors` and compare): the labelled select of the GET forms that pick
// it (works without JavaScript) and its name in the page's language. Shared by /sectors and /compare/{codes}. The
// choice itself is product/sectors.ts readSectorChoice; what a role reads is said by the loaders
// (web/app/lib/sectors.server.ts coverSentences).
import { useIntl } from "react-intl";
import { ROLE_FAMILIES, type RoleFamily } from "../../../product/options.ts";
import {
  ALL_CHOICE,
  PICKABLE_SECTORS,
  roleSlug,
  roleValue,
  sectorCodes,
  type SectorChoice,
} from "../../../product/sectors.ts";
import { FINER_SECTORS, type NaceRevision } from "../../../pipeline/sector-list.ts";
import { sectorName } from "../lib/sector-name.ts";

type Intl = ReturnType<typeof useIntl>;

/** A role family's name in the page's language (the experience form's option label). */
const roleName = (intl: Intl, family: RoleFamily) => intl.formatMessage({ id: `forms.option.${roleSlug(family)}` });

/**
 * Any published sector's name in the page's language: a shown aggregate's (sector-words.ts sectorName), or a finer
 * section's a role family reads (`sectors.section.nace_r2.Q`), which only the pages with a pick say.
 */
export function anySectorName(intl: Intl, s: { revision: NaceRevision; code: string }): string {
  if (FINER_SECTORS[s.revision][s.code] === undefined) return sectorName(intl, s);
  const id = `sectors.section.${s.revision}.${s.code}`;
  return intl.messages[id] !== undefined ? intl.formatMessage({ id }) : `NACE ${s.code}`;
}

/** The name of what was picked: "All sectors", a sector's name, or a role's. */
export function choiceName(intl: Intl, choice: SectorChoice): string {
  if (choice.kind === "all") return intl.formatMessage({ id: "sectors.pick.all" });
  if (choice.kind === "role") return roleName(intl, choice.family);
  return anySectorName(intl, { revision: "nace_r2", code: choice.code });
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
          <option value={value}>{anySectorName(intl, { revision: "nace_r2", code: value })}</option>
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
