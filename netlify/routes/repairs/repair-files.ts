/**
 * A repair's files for the staff of its territory (repairs.read): GET /api/atelier/{id}/bon-de-depot (the
 * deposit slip as kept), /etiquette (the device's label), /rapport (the repair report, kept at « Réparé »),
 * /photos/{photoId} (a photo of the reception). 404 before the reception (the report: before « Réparé »),
 * for another territory's repair, or a photo that is not this repair's.
 */
import { endpoint } from '../../lib/api/endpoint.ts';
import { routeParam } from '../../lib/http/http.ts';
import { repairDocumentAnswer, repairPhotoAnswer, type RepairDocument } from '../../lib/repairs/repair-files.ts';
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
        const last = new URL(request.url).pathname.split('/').at(-1);
        return repairDocumentAnswer(repair, (last === 'etiquette' || last === 'rapport' ? last : 'bon-de-depot') satisfies RepairDocument);
      }),
    },
  },
});

