// Warren's AsyncAPI checks, run by the Java tests (dev.warren.it.support.AsyncApiTools).
//   node validate.mjs document <file>...
//       validates each file against the official AsyncAPI 3.0.0 JSON Schema of @asyncapi/specs
//   node validate.mjs payload <document> <message> <instance>
//       validates the JSON in <instance> against the payload schema of components.messages.<message>
//       of <document>, made exact first: every object schema with properties gets all of them
//       required and no others allowed, so the instance must have exactly the documented properties
// Prints one line per file ("ok <file>" or "invalid <file>: <errors>") and exits 1 if any is invalid.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';

const require = createRequire(import.meta.url);
const [mode, ...args] = process.argv.slice(2);

function read(file) {
  return JSON.parse(readFileSync(file, 'utf8'));
}

function report(file, validate, data) {
  if (validate(data)) {
    console.log(`ok ${file}`);
    return true;
  }
  console.log(`invalid ${file}: ${JSON.stringify(validate.errors)}`);
  return false;
}

function exact(schema) {
  if (Array.isArray(schema)) {
    schema.forEach(exact);
  } else if (schema && typeof schema === 'object') {
    if (schema.type === 'object' && schema.properties) {
      schema.required = Object.keys(schema.properties);
      schema.additionalProperties = false;
    }
    Object.values(schema).forEach(exact);
  }
  return schema;
}

let ok = true;
if (mode === 'document') {
  // the schema bundles the draft-07 meta-schema under its own $id: Ajv must not add its copy
  const ajv = new Ajv({ strict: false, allErrors: true, meta: false, validateSchema: false });
  addFormats(ajv);
  const validate = ajv.compile(require('@asyncapi/specs/schemas/3.0.0.json'));
  for (const file of args) {
    ok = report(file, validate, read(file)) && ok;
  }
} else if (mode === 'payload') {
  const [documentFile, message, instanceFile] = args;
  const document = exact(read(documentFile));
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addFormat('binary', true);
  ajv.addSchema(document, 'warren-document');
  const validate = ajv.compile({ $ref: `warren-document#/components/messages/${message}/payload` });
  ok = report(instanceFile, validate, read(instanceFile));
} else {
  console.log('usage: node validate.mjs document <file>... | payload <document> <message> <instance>');
  ok = false;
}
process.exit(ok ? 0 : 1);
