import { PlaceholderScreen } from "@/components/layouts/placeholder-screen";

export function AuditLogScreen() {
  return (
    <PlaceholderScreen
      title="Audit Log"
      eyebrow="Administration"
      summary="Every search made by your agency, with its justification."
      arrivesWith="administration"
      capabilities={["Filter by date range and plate", "Page through the record, 20 entries at a time"]}
    />
  );
}
