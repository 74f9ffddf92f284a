import assert from "node:assert/strict";
import { test } from "node:test";
import { Ajv2020 } from "ajv/dist/2020.js";
import { buildDocument } from "../../lib/api/openapi/document";
import { EXAMPLES } from "../../lib/api/openapi/examples";
import { allOperations } from "../../lib/api/openapi/operations";

// Issue 16: every operation of the document shows an example answer, and one with a body an example
// request; each passes the very schema it illustrates (the request schema the wrapper validates
// with, the success schema the contract check holds answers to).

test("every operation has a success example, and a request example when it takes a body; both match their schemas", () => {
  for (const operation of allOperations()) {
    const key = `${operation.method.toUpperCase()} ${operation.path}`;
    const examples = EXAMPLES[key];
    assert.ok(examples, `${key}: no example`);
    const success = operation.success.schema.safeParse(examples.success);
    assert.ok(success.success, `${key}: the success example does not match: ${success.error?.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
    if (operation.body) {
      assert.ok(examples.request !== undefined, `${key}: no request example`);
      const request = operation.body.safeParse(examples.request);
      assert.ok(request.success, `${key}: the request example does not pass the route's schema: ${request.error?.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
    } else {
      assert.equal(examples.request, undefined, `${key} takes no body`);
    }
  }
  assert.deepEqual(Object.keys(EXAMPLES).filter((key) => !allOperations().some((op) => `${op.method.toUpperCase()} ${op.path}` === key)), [], "examples of no operation");
});

test("the examples are in the document and match its JSON schemas (as the contract check reads them)", () => {
  const doc = buildDocument() as unknown as { paths: Record<string, Record<string, any>>; components: object };
  const ajv = new Ajv2020({ strict: false, validateFormats: false });
  for (const [p, item] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const success = Object.entries<any>(operation.responses).find(([status]) => status.startsWith("2"))![1].content["application/json"];
      const request = operation.requestBody?.content["application/json"];
      for (const [what, media] of [["success", success], ["request", request]] as const) {
        if (!media) continue;
        assert.ok(media.example !== undefined, `${method} ${p}: ${what} example`);
        const validate = ajv.compile({ ...media.schema, components: doc.components });
        assert.ok(validate(media.example), `${method} ${p}: the ${what} example: ${ajv.errorsText(validate.errors)}`);
      }
    }
  }
  const create = doc.paths["/v1/links"].post;
  assert.equal(create.requestBody.content["application/json"].example.url, "https://shop.example.com/spring");
  assert.equal(create.responses["201"].content["application/json"].example.data.slug, "spring-sale");
});
