/**
 * An editor's image field: a drawing of public/ (a path starting with « / », served as it is) or a photo
 * beside the content (a relative path, resized by the image pipeline). A path fits one branch only, so a
 * refused path gets that branch's message, not Zod's « invalid input » for the pair. The news and the
 * product schemas share it; each branch should abort on its first problem.
 */
import { z } from 'astro/zod';

export function drawingOrPhoto<Drawing extends z.ZodType, Photo extends z.ZodType>(drawing: Drawing, photo: Photo) {
  return z.union([drawing, photo], {
    error: (issue) => {
      const branches = 'errors' in issue ? (issue.errors as { message: string }[][]) : [];
      return branches[String(issue.input).startsWith('/') ? 0 : 1]?.[0]?.message ?? 'image illisible';
    },
  });
}
