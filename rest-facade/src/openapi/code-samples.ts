/**
 * `x-codeSamples` of the OpenAPI document (shown by the `/docs` reference, Scalar): how each
 * operation is called with the official client libraries (packages/client-*), from one template
 * per language that follows the library's README. The token exchange, renewal, tenant header,
 * Idempotency-Key and retries are the libraries' own, so a sample shows only the call.
 */

export interface SampleOperation {
  operationId: string;
  method: string;
  /** `/v1/crm/orders/{id}` */
  path: string;
  /** Example values of the path parameters, in path order. */
  pathParams: Array<{ name: string; value: string | number }>;
  /** The request body's example, if the operation takes a body. */
  body: unknown;
  /** The operation answers a page of records (`data` and `meta`) and takes `page`/`per_page`. */
  list: boolean;
  /** The operation's first tag (the generators group operations by it). */
  tag: string;
  /** The component schema of the request body, when it is one (else the body is an inline object). */
  bodySchema: string | undefined;
  /** The status of a successful answer. */
  successStatus: number;
  /** Every parameter, in the document's order (references resolved). */
  parameters: Array<{ name: string; in: string; required: boolean }>;
  /** Whether the body must be sent. */
  bodyRequired: boolean;
}

export interface CodeSample {
  lang: string;
  label: string;
  source: string;
}

type Template = { lang: string; label: string; render: (operation: SampleOperation) => string };

const BASE_URL = 'https://api.example.com';

/** JSON as a TypeScript object literal (keys unquoted where they can be), indented by `indent`. */
function typescriptLiteral(value: unknown, indent = ''): string {
  const inner = `${indent}  `;
  if (Array.isArray(value)) return value.length === 0 ? '[]' : `[\n${value.map((item) => `${inner}${typescriptLiteral(item, inner)}`).join(',\n')},\n${indent}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.length === 0) return '{}';
    return `{\n${entries.map(([key, item]) => `${inner}${/^[A-Za-z_$][\w$]*$/.test(key) ? key : `'${key}'`}: ${typescriptLiteral(item, inner)}`).join(',\n')},\n${indent}}`;
  }
  return typeof value === 'string' ? `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'` : String(value);
}

const typescript: Template = {
  lang: 'typescript',
  label: 'TypeScript (@platform/client)',
  render(operation) {
    const setup = `import { PlatformClient } from '@platform/client';

const client = new PlatformClient({
  baseUrl: '${BASE_URL}',
  tenantId: process.env.PLATFORM_TENANT_ID!,
  clientId: process.env.PLATFORM_CLIENT_ID!,
  clientSecret: process.env.PLATFORM_CLIENT_SECRET!,
});
`;
    if (operation.list && operation.method === 'GET' && operation.pathParams.length === 0) {
      return `${setup}
// Every record of every page.
for await (const record of client.paginate('${operation.path}', { query: { per_page: 100 } })) {
  console.log(record);
}
`;
    }
    const options: string[] = [];
    if (operation.pathParams.length > 0) options.push(`params: { path: ${typescriptLiteral(Object.fromEntries(operation.pathParams.map(({ name, value }) => [name, value])), '  ').replace(/\n\s*/g, ' ').replace(/, }/, ' }')} }`);
    if (operation.body !== undefined) options.push(`body: ${typescriptLiteral(operation.body, '  ')}`);
    const argument = options.length > 0 ? `, {\n${options.map((option) => `  ${option},`).join('\n')}\n}` : '';
    return `${setup}
const { data } = await client.rest.${operation.method}('${operation.path}'${argument});
console.log(data);
`;
  },
};

/** JSON as a Python literal (`True`, `False`, `None`). */
function pythonLiteral(value: unknown, indent = ''): string {
  const inner = `${indent}    `;
  if (Array.isArray(value)) return value.length === 0 ? '[]' : `[\n${value.map((item) => `${inner}${pythonLiteral(item, inner)}`).join(',\n')},\n${indent}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.length === 0) return '{}';
    return `{\n${entries.map(([key, item]) => `${inner}${JSON.stringify(key)}: ${pythonLiteral(item, inner)}`).join(',\n')},\n${indent}}`;
  }
  if (value === null || value === undefined) return 'None';
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  return JSON.stringify(value);
}

const pascal = (name: string) => name.split('_').map((word) => `${word.charAt(0).toUpperCase()}${word.slice(1)}`).join('');

/** platform_client (openapi-python-client): `client.call(<operation module>, <path parameters>, body=<Model>.from_dict(...))`. */
const python: Template = {
  lang: 'python',
  label: 'Python (platform-api-client)',
  render(operation) {
    const module = operation.tag.toLowerCase().replace(/[^a-z0-9]+/g, '_');
    const model = operation.body === undefined ? undefined : (operation.bodySchema ?? `${pascal(operation.operationId)}Body`);
    const imports = [`from platform_client import PlatformClient`, `from platform_client.generated.api.${module} import ${operation.operationId}`, ...(model ? [`from platform_client.generated.models import ${model}`] : [])];
    const setup = `import os

${imports.join('\n')}

client = PlatformClient(
    "${BASE_URL}",
    os.environ["PLATFORM_TENANT_ID"],
    client_id=os.environ["PLATFORM_CLIENT_ID"],
    client_secret=os.environ["PLATFORM_CLIENT_SECRET"],
)
`;
    if (operation.list && operation.method === 'GET' && operation.pathParams.length === 0) {
      return `${setup}
# Every record of every page.
for record in client.paginate(${operation.operationId}, per_page=100):
    print(record)
`;
    }
    const args = [operation.operationId, ...operation.pathParams.map(({ value }) => JSON.stringify(value)), ...(model ? [`body=${model}.from_dict(${pythonLiteral(operation.body, '    ')})`] : [])];
    return `${setup}
result = client.call(
${args.map((argument) => `    ${argument},`).join('\n')}
)
print(result)
`;
  },
};

/** Go's initialisms, as oapi-codegen writes them in names (`api_keys` → `APIKeys`). */
const GO_INITIALISMS = new Set(['api', 'id', 'url', 'uri', 'http', 'json', 'uuid', 'sql', 'html', 'xml']);
const goName = (name: string) => name.split('_').map((word) => (GO_INITIALISMS.has(word) ? word.toUpperCase() : `${word.charAt(0).toUpperCase()}${word.slice(1)}`)).join('');

/** platform (oapi-codegen's ClientWithResponses under the library's transport): `client.<Operation>WithResponse(ctx, <path parameters>, nil, …)`. */
const go: Template = {
  lang: 'go',
  label: 'Go (client-go)',
  render(operation) {
    const name = goName(operation.operationId);
    const pathArgs = operation.pathParams.map(({ value }) => JSON.stringify(value));
    const body = operation.body === undefined ? undefined : JSON.stringify(operation.body, null, '\t').replace(/`/g, '` + "`" + `');
    const call =
      body === undefined
        ? `client.${name}WithResponse(${['ctx', ...pathArgs, 'nil'].join(', ')})`
        : `client.${name}WithBodyWithResponse(${['ctx', ...pathArgs, 'nil', '"application/json"'].join(', ')}, strings.NewReader(\`${body.replace(/\n/g, '\n\t')}\`))`;
    return `package main

import (
	"context"
	"fmt"
	"log"
	"os"
${body === undefined ? '' : '\t"strings"\n'}
	platform "github.com/platform-api/platform/packages/client-go"
)

func main() {
	ctx := context.Background()
	client, err := platform.NewClient("${BASE_URL}",
		platform.WithClientCredentials(os.Getenv("PLATFORM_CLIENT_ID"), os.Getenv("PLATFORM_CLIENT_SECRET")),
		platform.WithTenant(os.Getenv("PLATFORM_TENANT_ID")))
	if err != nil {
		log.Fatal(err)
	}
	resp, err := ${call}
	if err != nil {
		log.Fatal(err) // a *platform.ProblemError for a problem answer
	}
	fmt.Println(resp.JSON${operation.successStatus})
}
`;
  },
};

const camel = (name: string) => name.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());

/**
 * dev.platform.client (OpenAPI Generator, java/native): `platform.api(<Tag>Api.class).<operationId>(…)`,
 * the arguments in the generated order: required parameters (the tenant first) and a required
 * body, then the optional ones in the document's order (null), an optional body last.
 */
const java: Template = {
  lang: 'java',
  label: 'Java (dev.platform:platform-client)',
  render(operation) {
    const api = `${operation.tag.split(/[^A-Za-z0-9]+/).map((word) => `${word.charAt(0).toUpperCase()}${word.slice(1).toLowerCase()}`).join('')}Api`;
    const pathValues = new Map(operation.pathParams.map(({ name, value }) => [name, typeof value === 'number' ? String(value) : JSON.stringify(value)]));
    const argument = (parameter: { name: string; in: string; required: boolean }) =>
      parameter.name === 'X-Service-Tenant' ? 'tenant' : parameter.in === 'path' ? (pathValues.get(parameter.name) as string) : parameter.name === 'per_page' ? '100' : 'null';
    const typedBody = operation.body !== undefined && operation.bodySchema !== undefined;
    const body = operation.body === undefined ? [] : [typedBody ? 'body' : 'null'];
    const args = [
      ...operation.parameters.filter((parameter) => parameter.required).map(argument),
      ...(operation.bodyRequired ? body : []),
      ...operation.parameters.filter((parameter) => !parameter.required).map(argument),
      ...(operation.bodyRequired ? [] : body),
    ];
    const json = typedBody ? JSON.stringify(operation.body, null, 2).replace(/\\/g, '\\\\').replace(/\n/g, '\n    ') : '';
    return `import dev.platform.client.PlatformClient;
import dev.platform.client.generated.api.${api};
${typedBody ? `import dev.platform.client.generated.model.${operation.bodySchema};\n` : ''}
PlatformClient platform = PlatformClient.builder()
    .baseUrl("${BASE_URL}")
    .tenantId(System.getenv("PLATFORM_TENANT_ID"))
    .clientCredentials(System.getenv("PLATFORM_CLIENT_ID"), System.getenv("PLATFORM_CLIENT_SECRET"))
    .build();
String tenant = platform.tenantId();
${typedBody ? `\n${operation.bodySchema} body = platform.apiClient().getObjectMapper().readValue("""\n    ${json}\n    """, ${operation.bodySchema}.class);\n` : ''}
var result = platform.api(${api}.class).${camel(operation.operationId)}(${args.join(', ')});
System.out.println(result);
`;
  },
};

/** The templates, one per language of the official libraries. */
export const CODE_SAMPLE_TEMPLATES: Template[] = [typescript, python, java, go];

export function codeSamples(operation: SampleOperation): CodeSample[] {
  return CODE_SAMPLE_TEMPLATES.map(({ lang, label, render }) => ({ lang, label, source: render(operation) }));
}
