import { z } from "zod";
import { UpstreamError, type UpstreamSender } from "../../upstream/client.server";

/**
 * The albums a batch of photos may go into (docs/product.md, 'Photos'): the 100 newest, as
 * `GET /api/albums?limit=100` lists them to the committee. An /api without albums (404)
 * offers 'No album' alone.
 */
export const ALBUM_CHOICES_LIMIT = 100;

export interface AlbumChoice {
  id: number;
  title: string;
  date: string;
}

export async function albumChoices(admin: UpstreamSender): Promise<AlbumChoice[]> {
  const schema = z.array(z.object({ id: z.coerce.number().int().positive(), title: z.string(), date: z.string() }));
  try {
    const response = await admin.send(`/api/albums?limit=${ALBUM_CHOICES_LIMIT}`);
    return schema.parse(await response.json()).slice(0, ALBUM_CHOICES_LIMIT);
  } catch (error) {
    if (error instanceof UpstreamError && error.status === 404) return [];
    throw error;
  }
}
