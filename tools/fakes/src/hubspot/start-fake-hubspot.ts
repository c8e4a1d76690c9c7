import {
  createFakeService,
  type FakeReply,
  type FakeRequest,
  type FakeService,
} from '../kit/fake-service.js';
import { addOAuthProvider, type OAuthFake } from '../kit/oauth.js';

/**
 * A local HubSpot: OAuth (consent page, `/oauth/v1/token` with refresh tokens, token info, refresh
 * token revoked by DELETE), contact properties and contacts on the CRM's date-versioned paths
 * (`/crm/properties/2026-03/contacts`, `/crm/objects/2026-03/contacts`, search), and the contacts
 * API's profile by visitor cookie (`/contacts/v1/contact/utk/{utk}/profile`). Requests are checked
 * against the published shapes (a property's name, type and field type; search's filterGroups, at
 * most 200 a page); errors answer as HubSpot does: `{status: "error", message, correlationId,
 * category}`; a 429 carries `errorType: "RATE_LIMIT"`.
 */

export interface FakeHubspotOptions {
  port?: number;
  clientId?: string;
  clientSecret?: string;
  /** The CRM API's date version the paths carry. */
  crmVersion?: string;
  now?: () => number;
}

export interface FakeContact {
  id: string;
  properties: Record<string, string>;
  /** Visitor cookies HubSpot tied to the contact (form submissions with hutk). */
  utks: string[];
}

export class HubspotFakeState {
  portalId = 4_400_123;
  domain = 'fake-portal.hubspot.example';
  properties = new Map<string, Record<string, unknown>>();
  contacts: FakeContact[] = [];
  private nextId = 1000;
  /** A contact as a form submission would create it. */
  addContact(email: string, utk?: string): FakeContact {
    this.nextId += 1;
    const contact = { id: String(this.nextId), properties: { email }, utks: utk ? [utk] : [] };
    this.contacts.push(contact);
    return contact;
  }
}

export interface FakeHubspot {
  /** Both HUBSPOT_API_URL and HUBSPOT_APP_URL (one server plays both hosts). */
  url: string;
  clientId: string;
  clientSecret: string;
  state: HubspotFakeState;
  oauth: OAuthFake;
  service: FakeService;
  close(): Promise<void>;
}

const PROPERTY_TYPES: Record<string, readonly string[]> = {
  enumeration: ['select', 'radio', 'checkbox', 'booleancheckbox'],
  string: ['text', 'textarea', 'file', 'html', 'phonenumber'],
  number: ['number'],
  datetime: ['date'],
  date: ['date'],
  bool: ['booleancheckbox'],
};

function error(status: number, category: string, message: string): FakeReply {
  return {
    status,
    body: { status: 'error', message, correlationId: `fake-${Date.now().toString(36)}`, category },
  };
}

function json(request: FakeRequest): Record<string, unknown> | null {
  try {
    const parsed: unknown = JSON.parse(request.bodyText || 'null');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

export async function startFakeHubspot(options: FakeHubspotOptions = {}): Promise<FakeHubspot> {
  const clientId = options.clientId ?? '00000000-fake-hub0-0000-000000000001';
  const clientSecret = options.clientSecret ?? 'fake-hubspot-secret';
  const version = options.crmVersion ?? '2026-03';
  const service = createFakeService({
    name: 'HubSpot (local fake)',
    rateLimitReply: (retry) => ({
      status: 429,
      headers: { 'retry-after': String(retry) },
      body: {
        status: 'error',
        message: 'You have reached your secondly limit.',
        errorType: 'RATE_LIMIT',
        correlationId: `fake-${Date.now().toString(36)}`,
        policyName: 'SECONDLY',
      },
    }),
  });
  const oauth = addOAuthProvider(service, {
    providerName: 'HubSpot (local fake)',
    clientId,
    clientSecret,
    authorizePath: '/oauth/authorize',
    tokenPath: '/oauth/v1/token',
    revokePath: '/oauth/v1/revoke-unsupported',
    accessTokenLifetimeSeconds: 1800,
    ...(options.now ? { now: options.now } : {}),
  });
  const state = new HubspotFakeState();

  /** The bearer token's check: 401 EXPIRED_AUTHENTICATION or INVALID_AUTHENTICATION as HubSpot answers. */
  function authorize(request: FakeRequest): FakeReply | null {
    const check = oauth.checkAccessToken(request.headers.authorization?.replace(/^Bearer /, ''));
    if (check.valid) return null;
    return check.reason === 'expired'
      ? error(401, 'EXPIRED_AUTHENTICATION', 'The OAuth token used to make this call expired.')
      : error(401, 'INVALID_AUTHENTICATION', 'Authentication credentials not found.');
  }

  function api(name: string, method: string, path: string, handle: (request: FakeRequest) => FakeReply) {
    service.route(name, method, path, (request) => authorize(request) ?? handle(request));
  }

  service.route('oauth:tokenInfo', 'GET', '/oauth/v1/access-tokens/{token}', (request) => {
    const check = oauth.checkAccessToken(request.params.token);
    if (!check.valid) return error(404, 'OBJECT_NOT_FOUND', 'Token not found');
    return {
      status: 200,
      body: {
        token: request.params.token,
        user: check.user,
        hub_domain: state.domain,
        scopes: check.scopes,
        hub_id: state.portalId,
        app_id: 7_000_001,
        expires_in: 1800,
        user_id: 9_001,
        token_type: 'access',
      },
    };
  });

  service.route('oauth:revokeRefresh', 'DELETE', '/oauth/v1/refresh-tokens/{token}', () => {
    oauth.revokeAll();
    return { status: 204 };
  });

  api('properties:get', 'GET', `/crm/properties/${version}/contacts/{name}`, (request) => {
    const property = state.properties.get(request.params.name ?? '');
    return property
      ? { status: 200, body: property }
      : error(404, 'OBJECT_NOT_FOUND', `Unable to find property ${request.params.name}`);
  });

  api('properties:create', 'POST', `/crm/properties/${version}/contacts`, (request) => {
    const body = json(request);
    const name = body?.name;
    const type = body?.type;
    const fieldType = body?.fieldType;
    if (
      !body ||
      typeof name !== 'string' ||
      !/^[a-z][a-z0-9_]*$/.test(name) ||
      typeof body.label !== 'string' ||
      typeof body.groupName !== 'string' ||
      typeof type !== 'string' ||
      typeof fieldType !== 'string' ||
      !PROPERTY_TYPES[type]?.includes(fieldType)
    ) {
      return error(400, 'VALIDATION_ERROR', 'Property values were not valid');
    }
    if (type === 'enumeration' && (!Array.isArray(body.options) || body.options.length === 0)) {
      return error(400, 'VALIDATION_ERROR', 'Enumeration properties need options');
    }
    if (state.properties.has(name)) {
      return error(409, 'OBJECT_ALREADY_EXISTS', `A property named '${name}' already exists.`);
    }
    const property = { ...body, createdAt: new Date().toISOString(), hidden: false };
    state.properties.set(name, property);
    return { status: 201, body: property };
  });

  api('contacts:search', 'POST', `/crm/objects/${version}/contacts/search`, (request) => {
    const body = json(request);
    const groups = body?.filterGroups;
    const limit = body?.limit ?? 10;
    if (!Array.isArray(groups) || typeof limit !== 'number' || limit < 1 || limit > 200) {
      return error(400, 'VALIDATION_ERROR', 'Invalid input JSON on line 1');
    }
    const matches = state.contacts.filter((contact) =>
      groups.some((group: { filters?: { propertyName?: string; operator?: string; value?: string }[] }) =>
        (group.filters ?? []).every(
          (filter) =>
            filter.operator === 'EQ' &&
            typeof filter.propertyName === 'string' &&
            contact.properties[filter.propertyName]?.toLowerCase() === String(filter.value).toLowerCase(),
        ),
      ),
    );
    return {
      status: 200,
      body: {
        total: matches.length,
        results: matches.slice(0, limit).map(({ id, properties }) => ({ id, properties, archived: false })),
      },
    };
  });

  api('contacts:update', 'PATCH', `/crm/objects/${version}/contacts/{id}`, (request) => {
    const contact = state.contacts.find((item) => item.id === request.params.id);
    if (!contact) return error(404, 'OBJECT_NOT_FOUND', 'Object not found');
    const properties = json(request)?.properties;
    if (!properties || typeof properties !== 'object') {
      return error(400, 'VALIDATION_ERROR', 'Invalid input JSON: properties are required');
    }
    for (const [name, value] of Object.entries(properties as Record<string, unknown>)) {
      const property = state.properties.get(name);
      if (!property && name !== 'email') {
        return error(400, 'VALIDATION_ERROR', `Property "${name}" does not exist`);
      }
      const options = property?.options as { value: string }[] | undefined;
      if (options && !options.some((option) => option.value === value)) {
        return error(400, 'VALIDATION_ERROR', `${String(value)} was not one of the allowed options`);
      }
      contact.properties[name] = String(value);
    }
    return { status: 200, body: { id: contact.id, properties: contact.properties, archived: false } };
  });

  api('contacts:byUtk', 'GET', '/contacts/v1/contact/utk/{utk}/profile', (request) => {
    const contact = state.contacts.find((item) => item.utks.includes(request.params.utk ?? ''));
    if (!contact) {
      return {
        status: 404,
        body: { status: 'error', message: 'contact does not exist', category: 'OBJECT_NOT_FOUND' },
      };
    }
    return {
      status: 200,
      body: {
        vid: Number(contact.id),
        'canonical-vid': Number(contact.id),
        'portal-id': state.portalId,
        properties: Object.fromEntries(
          Object.entries(contact.properties).map(([name, value]) => [name, { value }]),
        ),
      },
    };
  });

  // What the fake holds, for the journeys' checks (GET /__fake/state; no credentials asked).
  service.route('fake:state', 'GET', '/__fake/state', () => ({
    status: 200,
    body: { properties: [...state.properties.keys()], contacts: state.contacts },
  }));

  // A contact as a form submission creates it, for journeys over HTTP (POST /__fake/contacts {email, utk}).
  service.route('fake:addContact', 'POST', '/__fake/contacts', (request) => {
    const body = json(request);
    if (typeof body?.email !== 'string') return error(400, 'VALIDATION_ERROR', 'email is required');
    const contact = state.addContact(body.email, typeof body.utk === 'string' ? body.utk : undefined);
    return { status: 201, body: contact };
  });

  const url = await service.listen(options.port);
  return { url, clientId, clientSecret, state, oauth, service, close: () => service.close() };
}
