/** The `<option>`s of a territory select, one per territory of the one table, in its order (islands only). */
import { TERRITORIES } from './territories';

export default function TerritoryOptions() {
  return (
    <>
      {TERRITORIES.map((territory) => (
        <option key={territory.id} value={territory.id}>
          {territory.label}
        </option>
      ))}
    </>
  );
}
