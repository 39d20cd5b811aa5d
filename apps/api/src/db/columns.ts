import { customType, timestamp } from 'drizzle-orm/pg-core';

/** Column helpers of the schema. Times are UTC timestamptz (DESIGN.md "Time"). */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
