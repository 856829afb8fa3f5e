// Warren's AsyncAPI checks, run by the Java tests (dev.warren.it.support.AsyncApiTools).
//   node validate.mjs document <file>...
//       validates each file against the official AsyncAPI 3.0.0 JSON Schema of @asyncapi/specs with
//       Ajv, then with AsyncAPI's own parser, which also checks what a schema cannot (references
//       resolve, an operation's messages belong to its channel, ...): any error or warning of the
//       parser fails the file; its information notes (e.g. "a newer AsyncAPI version exists") do not
//   node validate.mjs payload <document> <message> <instance>
//       validates the JSON in <instance> against the payload schema of components.messages.<message>
//       of <document>, made exact first: every object schema with properties gets all of them
//       required and no others allowed, so the instance must have exactly the documented properties
// Prints one line per file ("ok <file>" or "invalid <file>: <errors>") and exits 1 if any is invalid.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { Parser } from '@asyncapi/parser';

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
  const parser = new Parser();
  for (const file of args) {
    if (!validate(read(file))) {
      console.log(`invalid ${file}: ${JSON.stringify(validate.errors)}`);
      ok = false;
      continue;
    }
    // Spectral's severities: 0 error, 1 warning, 2 information, 3 hint
    const diagnostics = await parser.validate(readFileSync(file, 'utf8'));
    const problems = diagnostics
      .filter((d) => d.severity <= 1)
      .map((d) => ({ code: d.code, message: d.message, path: d.path.join('/') }));
    if (problems.length) {
      console.log(`invalid ${file}: ${JSON.stringify(problems)}`);
      ok = false;
    } else {
      console.log(`ok ${file}`);
    }
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
