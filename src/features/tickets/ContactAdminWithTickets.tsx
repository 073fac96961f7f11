/**
 * The requests' inbox with the tickets' action in each contact request's view (« Créer un ticket »): the
 * tickets hand it to the inbox, which does not depend on them. The action's code (company search, impacts)
 * loads when a contact request's view first opens, not with the inbox (the admin pages' JavaScript budget).
 * A technician signing in here lands on the tickets.
 */
import { lazy, Suspense } from 'react';
import ContactAdmin from '../admin/ContactAdmin';
import { RequestActions, type RequestActionProps } from '../admin/request-actions';
import { landingPathOf } from './ticket-links';

const RequestTicket = lazy(() => import('./RequestTicket'));

const ticketAction = (props: RequestActionProps) => (
  <Suspense fallback={null}>
    <RequestTicket {...props} />
  </Suspense>
);

export default function ContactAdminWithTickets() {
  return (
    <RequestActions.Provider value={ticketAction}>
      <ContactAdmin landingOf={landingPathOf} />
    </RequestActions.Provider>
  );
}
