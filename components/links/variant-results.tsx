import { countOf } from "@/lib/text/plural";
import { Card, CardBody, CardHeader } from "../ui/card";
import { ConfirmAction } from "../ui/confirm-action";
import { Table } from "../ui/table";

// The link page's A/B test results: views per destination since the link was made, and a way to
// end the test with one of them as the destination (POST …/variants/{index}/promote).

export interface VariantResult {
  index: number;
  url: string;
  weight: number;
  views: number;
}

const letter = (index: number) => String.fromCharCode(65 + index);

export function VariantResults({ linkId, results, readOnly }: { linkId: string; results: VariantResult[]; readOnly: boolean }) {
  const total = results.reduce((sum, result) => sum + result.views, 0);
  // Leading: the most views for its share (a 70 % destination is expected to get more).
  const leader = total ? results.reduce((best, result) => (result.views / result.weight > best.views / best.weight ? result : best)) : null;
  return (
    <Card labelledBy="variant-results" className="variant-results">
      <CardHeader
        id="variant-results"
        title="A/B test results"
        description={total ? `${countOf(total, "view")} since the link was made. Views that a geo, language or device rule sent elsewhere are not counted here.` : "No views yet: each destination's views show here as visitors arrive."}
      />
      <CardBody flush>
        <Table
          caption="Views per destination"
          className="variant-table"
          head={
            <tr>
              <th scope="col">Destination</th>
              <th scope="col" className="num">Share</th>
              <th scope="col" className="num">Views</th>
              <th scope="col">
                <span className="visually-hidden">Action</span>
              </th>
            </tr>
          }
        >
          {results.map((result) => (
            <tr key={result.index}>
              <td>
                <span className="variant-letter" aria-hidden="true">{letter(result.index)}</span>{" "}
                <a href={result.url} className="variant-url" rel="noreferrer noopener" target="_blank">
                  {result.url}
                </a>
                {leader === result && results.length > 1 ? <span className="field-hint"> · leading</span> : null}
              </td>
              <td className="num">{result.weight} %</td>
              <td className="num">
                {result.views.toLocaleString("en")}
                {total ? <span className="field-hint"> ({Math.round((result.views / total) * 100)} %)</span> : null}
              </td>
              <td className="variant-action">
                {readOnly ? null : <Promote linkId={linkId} result={result} idPrefix="promote-variant" />}
              </td>
            </tr>
          ))}
        </Table>
        {/* On a phone the same, one destination a block (a four-column table would scroll sideways). */}
        <ul className="variant-list">
          {results.map((result) => (
            <li key={result.index}>
              <p className="variant-list-url">
                <span className="variant-letter" aria-hidden="true">{letter(result.index)}</span>{" "}
                <a href={result.url} className="variant-url" rel="noreferrer noopener" target="_blank">
                  {result.url}
                </a>
              </p>
              <p className="field-hint">
                Share {result.weight} % · {countOf(result.views, "view")}
                {total ? ` (${Math.round((result.views / total) * 100)} %)` : ""}
                {leader === result && results.length > 1 ? " · leading" : ""}
              </p>
              {readOnly ? null : <Promote linkId={linkId} result={result} idPrefix="promote-variant-list" />}
            </li>
          ))}
        </ul>
      </CardBody>
    </Card>
  );
}

function Promote({ linkId, result, idPrefix }: { linkId: string; result: VariantResult; idPrefix: string }) {
  return (
    <ConfirmAction
      id={`${idPrefix}-${result.index}`}
      method="POST"
      url={`/api/dashboard/links/${encodeURIComponent(linkId)}/variants/${result.index}/promote`}
      label="Make this the destination"
      ariaLabel={`Make this the destination (destination ${letter(result.index)})`}
      confirmLabel="Make it the destination"
      busyLabel="Saving…"
      title={`End the test with destination ${letter(result.index)}?`}
      description={`Every visitor goes to ${result.url} from now on, and the other destinations are removed from the link. Their views stay in the analytics.`}
      done="Test ended: the link has its new destination"
      variant="secondary"
    />
  );
}
