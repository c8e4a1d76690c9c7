import { randomBytes } from 'node:crypto';
import type { FakeReply } from '../kit/fake-service.js';

/** The Chargebee fake's objects, in Chargebee's API v2 shapes, and its error envelope. */
export interface Line {
  item_price_id: string;
  quantity: number;
}

export interface FakeSubscription {
  id: string;
  customer_id: string;
  status: 'future' | 'in_trial' | 'active' | 'non_renewing' | 'paused' | 'cancelled';
  subscription_items: Line[];
  due_invoices_count: number;
  next_billing_at: number;
  has_scheduled_changes: boolean;
  scheduled_items: Line[] | null;
  resource_version: number;
}

export interface FakeCustomer {
  id: string;
  email?: string;
  first_name?: string;
  company?: string;
}

export interface FakeHostedPage {
  id: string;
  type: 'checkout_new' | 'checkout_existing';
  url: string;
  state: 'created' | 'requested' | 'succeeded' | 'cancelled' | 'acknowledged';
  embed: boolean;
  created_at: number;
  expires_at: number;
  updated_at: number;
  resource_version: number;
  /** What the page sells, and for whom. */
  customer: FakeCustomer | null;
  subscriptionId: string | null;
  items: Line[];
  changeOption: 'immediately' | 'end_of_term';
  redirectUrl: string | null;
}

export interface FakeEvent {
  id: string;
  occurred_at: number;
  object: 'event';
  api_version: 'v2';
  source: 'system';
  event_type: string;
  content: { subscription?: FakeSubscription; customer?: FakeCustomer };
}

export function cbError(status: number, code: string, message: string, param?: string): FakeReply {
  return {
    status,
    body: {
      message,
      type: 'invalid_request',
      api_error_code: code,
      ...(param ? { param } : {}),
      error_code: code,
      error_msg: message,
      http_status_code: status,
    },
  };
}

export const newId = (prefix: string) => `${prefix}_${randomBytes(9).toString('base64url')}`;
