/**
 * The requests' inbox with the tickets' action in each contact request's view (« Créer un ticket »): the
 * tickets hand it to the inbox, which does not depend on them.
 */
import ContactAdmin from '../admin/ContactAdmin';
import { RequestActions } from '../admin/request-actions';
import RequestTicket from './RequestTicket';

const ticketAction = (props: Parameters<typeof RequestTicket>[0]) => <RequestTicket {...props} />;

export default function ContactAdminWithTickets() {
  return (
    <RequestActions.Provider value={ticketAction}>
      <ContactAdmin />
    </RequestActions.Provider>
  );
}
