/** The badge of a repair's state in the back office (label and tone from the one table of states.ts). */
import { ToneBadge } from '../tickets/StaffTicketBadges';
import { repairStateOf, type RepairState } from './states';

export const RepairStateBadge = ({ state }: { state: RepairState }) => <ToneBadge what="État" {...repairStateOf(state)} />;
