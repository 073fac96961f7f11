/**
 * A repair's files for the staff of its territory (repairs.read): GET /api/atelier/{id}/bon-de-depot (the
 * deposit slip as kept), /etiquette (the device's label), /photos/{photoId} (a photo of the reception).
 * 404 before the reception, for another territory's repair, or a photo that is not this repair's.
 */
import { endpoint } from '../../lib/api/endpoint.ts';
import { routeParam } from '../../lib/http/http.ts';
import { repairPhotoAnswer, slipAnswer } from '../../lib/repairs/repair-files.ts';
import { onVisibleRepair } from '../../lib/repairs/repair-http.ts';

export default endpoint({
  name: 'repair-files',
  params: { id: 'repair_not_found' },
  methods: {
    GET: {
      permission: 'repairs.read',
      handle: onVisibleRepair(async ({ request, context }, repair) => {
        const photoId = routeParam(context, 'photoId');
        if (photoId !== undefined) return repairPhotoAnswer(repair, photoId);
        return slipAnswer(repair, new URL(request.url).pathname.endsWith('/etiquette') ? 'etiquette' : 'bon-de-depot');
      }),
    },
  },
});

