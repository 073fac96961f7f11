/** « Afficher plus » under a list that pages with a cursor (the requests' inbox, the tickets). */
export default function ShowMore({ loading, onClick }: { loading: boolean; onClick: () => void }) {
  return (
    <div className="admin-more">
      <button type="button" className="btn btn-secondary" onClick={onClick} disabled={loading}>
        {loading ? 'Chargement…' : 'Afficher plus'}
      </button>
    </div>
  );
}
