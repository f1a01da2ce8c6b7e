import { z } from 'zod';
import { bankCodeSchema, orderStatusSchema } from './common.js';
import { LAO_QR_READ_ERRORS } from './laoqr-read.js';

/**
 * Staff inspect a QR (docs/decisions/134): a payload pasted, or a picture uploaded (a player's slip
 * screenshot: PNG or JPEG, at most QR_INSPECT_IMAGE_MAX_BYTES, as the request body). The answer: what
 * the QR says, the agency's order it names (if any), and what the bank says of that payment now.
 */
export const QR_INSPECT_IMAGE_MAX_BYTES = 4 * 1024 * 1024;
export const QR_INSPECT_IMAGE_TYPES = ['image/png', 'image/jpeg'] as const;

export const qrInspectBodySchema = z.object({
  payload: z.string().trim().min(1, 'qr.validation.payload_required').max(1024, 'qr.validation.payload_too_long'),
});
export type QrInspectBody = z.infer<typeof qrInspectBodySchema>;

/** why a payload could not be read (laoqr-read.ts), in the error's `fields.payload` as `qr.reason.<CODE>` */
export const qrReadReasonSchema = z.enum(LAO_QR_READ_ERRORS);

export const qrReadingSchema = z.object({
  kind: z.enum(['merchant', 'personal', 'onepay', 'slip', 'unionpay']),
  initiation: z.enum(['11', '12']).nullable(),
  bank: bankCodeSchema.nullable(),
  iin: z.string().nullable(),
  merchantId: z.string().nullable(),
  merchantName: z.string().nullable(),
  /** tag 64's name in another language (Lao), when the QR has one */
  merchantNameAlternate: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  mcc: z.string().nullable(),
  /** whole kip as a decimal string; null on a QR without an amount */
  amount: z.string().nullable(),
  currency: z.string().nullable(),
  billNumber: z.string().nullable(),
  reference: z.string().nullable(),
  terminal: z.string().nullable(),
  description: z.string().nullable(),
  unionPay: z.string().nullable(),
  slip: z.object({ type: z.string().nullable(), ticket: z.string().nullable(), fccref: z.string().nullable() }).nullable(),
  countryCitySwapped: z.boolean(),
  crc: z.string(),
});
export type QrReading = z.infer<typeof qrReadingSchema>;

export const qrInspectOrderSchema = z.object({
  id: z.string(),
  transactionCode: z.string(),
  playerUsername: z.string(),
  status: orderStatusSchema,
  bank: bankCodeSchema,
  amount: z.string(),
  bankReference: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  paidAt: z.string().nullable(),
});
export type QrInspectOrder = z.infer<typeof qrInspectOrderSchema>;

export const qrInspectBankSchema = z.object({
  /** UNAVAILABLE: the bank could not be asked now */
  status: z.enum(['PAID', 'UNPAID', 'EXPIRED', 'NOT_FOUND', 'UNAVAILABLE']),
  bankReference: z.string().nullable(),
  amount: z.string().nullable(),
  paidAt: z.string().nullable(),
});
export type QrInspectBank = z.infer<typeof qrInspectBankSchema>;

export const qrInspectResponseSchema = z.object({
  payload: z.string(),
  qr: qrReadingSchema,
  /** the QR's merchant is the agency's own for that bank (null when the QR names no merchant) */
  ourMerchant: z.boolean().nullable(),
  order: qrInspectOrderSchema.nullable(),
  /** what the bank says now of the order's payment (null when no order was found to ask about) */
  bank: qrInspectBankSchema.nullable(),
});
export type QrInspectResponse = z.infer<typeof qrInspectResponseSchema>;
