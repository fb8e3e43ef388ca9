import { ENTERPRISE_USER_SCHEMA, SCHEMA_SCHEMA, SCIM_BASE_PATH, USER_SCHEMA } from '../scim-schemas.js';

interface Attribute {
  name: string;
  type: 'string' | 'boolean' | 'complex' | 'reference';
  multiValued?: boolean;
  mutability?: 'readWrite' | 'readOnly';
  referenceTypes?: string[];
  description: string;
  required?: boolean;
  caseExact?: boolean;
  uniqueness?: 'none' | 'server';
  subAttributes?: Attribute[];
}

/** RFC 7643 §2.2's defaults, written out as the RFC's own schema representation does. */
function attribute({ multiValued = false, required = false, caseExact = false, mutability = 'readWrite', uniqueness = 'none', subAttributes, ...rest }: Attribute): Record<string, unknown> {
  return {
    ...rest,
    multiValued,
    required,
    caseExact,
    mutability,
    returned: 'default',
    uniqueness,
    ...(subAttributes && { subAttributes: subAttributes.map(attribute) }),
  };
}

const text = (name: string, description: string): Attribute => ({ name, type: 'string', description });

/** The User attributes this service keeps (RFC 7643 §7); any other attribute sent is ignored. */
const USER_ATTRIBUTES: Attribute[] = [
  { ...text('userName', "The employee's e-mail address (`correo`), unique ignoring case."), required: true, uniqueness: 'server' },
  {
    name: 'name',
    type: 'complex',
    description: "The employee's name; `formatted`, else `givenName familyName`, becomes `nombre` when no displayName is sent.",
    subAttributes: [text('formatted', 'The full name.'), text('givenName', 'The given name.'), text('familyName', 'The family name.')],
  },
  text('displayName', "The employee's name (`nombre`)."),
  { name: 'active', type: 'boolean', description: 'false deactivates the employee: refused from their next request.' },
  {
    name: 'emails',
    type: 'complex',
    multiValued: true,
    description: 'The work address is `correo`; it is used as userName when that is absent.',
    subAttributes: [text('value', 'The address.'), text('type', '`work`.'), { name: 'primary', type: 'boolean', description: 'Always true.' }],
  },
  {
    name: 'roles',
    type: 'complex',
    multiValued: true,
    description: 'The primary role: Empleado, Administrador, Super Administrador or Representante. Absent: new users are Empleado, existing roles stay.',
    subAttributes: [text('value', 'The role name.'), text('display', 'The role name.'), { name: 'primary', type: 'boolean', description: 'The role that applies.' }],
  },
];

/** The enterprise extension's attributes this service keeps; the others Entra sends are ignored. */
const ENTERPRISE_ATTRIBUTES: Attribute[] = [
  {
    name: 'manager',
    type: 'complex',
    description: "The user's manager (`id_responsable`): not the user, nor anyone they manage. Remove it to clear.",
    subAttributes: [
      text('value', 'The id of the manager, a provisioned user.'),
      { name: '$ref', type: 'reference', referenceTypes: ['User'], description: "The manager's URI.", mutability: 'readOnly' },
      { ...text('displayName', "The manager's name."), mutability: 'readOnly' },
    ],
  },
];

export function schemas(baseUrl: string) {
  return [
    {
      schemas: [SCHEMA_SCHEMA],
      id: USER_SCHEMA,
      name: 'User',
      description: 'User Account',
      attributes: USER_ATTRIBUTES.map(attribute),
      meta: { resourceType: 'Schema', location: `${baseUrl}${SCIM_BASE_PATH}/Schemas/${USER_SCHEMA}` },
    },
    {
      schemas: [SCHEMA_SCHEMA],
      id: ENTERPRISE_USER_SCHEMA,
      name: 'EnterpriseUser',
      description: 'Enterprise User',
      attributes: ENTERPRISE_ATTRIBUTES.map(attribute),
      meta: { resourceType: 'Schema', location: `${baseUrl}${SCIM_BASE_PATH}/Schemas/${ENTERPRISE_USER_SCHEMA}` },
    },
  ];
}
