/**
 * Actions other features add to a request's view (the tickets' « Créer un ticket »): the page that mounts the
 * inbox provides them through this context, so the inbox never imports those features (they depend on it).
 */
import { createContext, type ReactNode } from 'react';
import type { Failure } from '../../lib/api-client';
import type { ContactRequest } from '../contact/request';

/** What a request view's action is given. */
export interface RequestActionProps {
  request: ContactRequest;
  token: string;
  /** Handles a failed call (logs out on 401) and returns the sentence to show. */
  failure: (result: Failure) => string;
  /** The request changed on the server: the view and the list reload it. */
  onChanged: () => void;
}

/** The extra actions of a request's view, drawn under its routing; none by default. */
export const RequestActions = createContext<((props: RequestActionProps) => ReactNode) | undefined>(undefined);
