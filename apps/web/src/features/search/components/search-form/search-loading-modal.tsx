import { MESSAGES } from "@odin/contract";
import { Modal, Spinner } from "@/components/ui";

const stayOpen = () => {};

/** The loading modal while a search runs (000 §2): it cannot be dismissed; it closes when the search ends. */
export function SearchLoadingModal({ open }: { open: boolean }) {
  return (
    <Modal open={open} title={MESSAGES.searchInProgress} onClose={stayOpen} size="sm" dismissible={false}>
      <div className="search-loading">
        <Spinner size="lg" label="Searching" hideLabel />
        <p className="search-loading__text">
          Every selected source is searched at once; the results open when all of them have answered.
        </p>
      </div>
    </Modal>
  );
}
