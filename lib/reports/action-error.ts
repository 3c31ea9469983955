/** A lifecycle action refused on the tablet, with what its message needs (the error key and values). */
export class ActionError extends Error {
  constructor(
    message: string,
    readonly values: Record<string, string | number> = {},
  ) {
    super(message);
  }
}
