/** An item's id as our /api and a sane upstream make them; anything else names no item at all. */
export const ITEM_ID = /^[A-Za-z0-9_-]{1,64}$/;
