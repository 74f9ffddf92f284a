import type { Metadata } from "next";
import Link from "next/link";
import "@/components/links/links.css";
import { PageHeader } from "@/components/dashboard/shell";
import { CreateGroup, GroupActions } from "@/components/links/group-actions";
import { PresetEditor, PresetDelete } from "@/components/links/preset-editor";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { GlobeIcon, LinkIcon } from "@/components/ui/icons";
import { Table } from "@/components/ui/table";
import { db } from "@/lib/db/open";
import { requireWorkspace } from "@/lib/dashboard/workspace";
import { countryList } from "@/lib/geo/countries";
import { listPresets } from "@/lib/geo/presets";
import { listGroups } from "@/lib/groups/groups";
import { countOf } from "@/lib/text/plural";

export const metadata: Metadata = { title: "Groups and geo presets" };

export default async function GroupsPage() {
  const workspace = await requireWorkspace();
  const client = await db();
  const [{ data: groups }, { data: presets }] = await Promise.all([listGroups(client, workspace.ownerId), listPresets(client, workspace.ownerId)]);
  const countries = countryList();
  const names = new Map(countries.map((c) => [c.code, c.name]));
  const ro = workspace.readOnly;
  return (
    <div className="page-stack">
      <PageHeader title="Groups and geo presets" description={<>Organise links into groups; save country lists to reuse in geo rules. <Link href="/links">Back to links</Link></>} />
      <Card labelledBy="groups">
        <CardHeader id="groups" title="Groups" description={groups.length ? `${countOf(groups.length, "group")}. A group's name opens its links.` : "Put related links together, then filter the links table by group."} />
        <CardBody>{ro ? <p className="field-hint">Your team role (viewer) can look, not change.</p> : <CreateGroup />}</CardBody>
        <CardBody flush>
          {groups.length === 0 ? (
            <EmptyState icon={<LinkIcon />} title="No groups yet" headingLevel={3}>
              Create one above, then move links into it from the links table.
            </EmptyState>
          ) : (
            <Table
              caption="Groups"
              className="groups-table"
              head={
                <tr>
                  <th scope="col">Group</th>
                  <th scope="col" className="num">Links</th>
                  <th scope="col" className="actions"><span className="visually-hidden">Actions</span></th>
                </tr>
              }
            >
              {groups.map((group) => (
                <tr key={group.id} data-group-id={group.id}>
                  <td>
                    <Link className="cell-title" href={`/links?groupId=${encodeURIComponent(group.id)}`}>
                      {group.name}
                    </Link>
                  </td>
                  <td className="num">{group.linkCount.toLocaleString("en-US")}</td>
                  <td className="actions">{ro ? null : <GroupActions id={group.id} name={group.name} linkCount={group.linkCount} />}</td>
                </tr>
              ))}
            </Table>
          )}
        </CardBody>
      </Card>
      <Card labelledBy="presets">
        <CardHeader id="presets" title="Geo presets" description="A saved list of countries. A link's geo rule copies the preset's countries when the link is saved." />
        <CardBody>{ro ? null : <PresetEditor countries={countries} />}</CardBody>
        <CardBody flush>
          {presets.length === 0 ? (
            <EmptyState icon={<GlobeIcon />} title="No geo presets yet" headingLevel={3}>
              Create one above, for example “EU” or “North America”.
            </EmptyState>
          ) : (
            <Table
              caption="Geo presets"
              head={
                <tr>
                  <th scope="col">Preset</th>
                  <th scope="col" className="actions"><span className="visually-hidden">Actions</span></th>
                </tr>
              }
            >
              {presets.map((preset) => (
                <tr key={preset.id} data-preset-id={preset.id}>
                  {/* The countries wrap under the name: a long list never widens the table past a phone. */}
                  <td className="cell-wrap">
                    <div className="cell-title">{preset.name}</div>
                    <div className="cell-sub">{preset.countries.map((code) => names.get(code) ?? code).join(", ")}</div>
                  </td>
                  <td className="actions">
                    {ro ? null : (
                      <div className="inline-actions">
                        <PresetEditor countries={countries} preset={preset} />
                        <PresetDelete id={preset.id} name={preset.name} />
                      </div>
                    )}
                  </td>
                </tr>
              ))}
            </Table>
          )}
        </CardBody>
      </Card>
    </div>
  );
}
