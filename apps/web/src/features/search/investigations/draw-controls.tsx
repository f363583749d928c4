import { Field, Input } from "@/components/forms";
import { Button } from "@/components/ui";
import { emptyDrawing, toArea, type Drawing } from "./area-map";
import { NumberField } from "./investigation-form";

/** The shape, a typed centre and radius for keyboard users, what is drawn so far, and Clear. */
export function DrawControls({ drawing, onChange }: { drawing: Drawing; onChange: (d: Drawing) => void }) {
  return (
    <div className="investigation-draw">
      <Field label="Shape" name="mode">
        <select
          className="input"
          value={drawing.mode}
          onChange={(event) => onChange(emptyDrawing(event.target.value as Drawing["mode"]))}
        >
          <option value="circle">Circle (click its centre)</option>
          <option value="polygon">Polygon (click each corner)</option>
        </select>
      </Field>
      {drawing.mode === "circle" &&
        ([0, 1] as const).map((axis) => (
          <Field
            key={axis}
            label={axis === 0 ? "Centre latitude" : "Centre longitude"}
            name={`center-${axis}`}
          >
            <Input
              type="number"
              step="any"
              value={drawing.center?.[axis] ?? ""}
              onChange={(event) => {
                const value = Number(event.target.value);
                if (event.target.value === "" || !Number.isFinite(value)) return;
                const center: [number, number] = drawing.center ? [...drawing.center] : [41.76, -72.68];
                center[axis] = value;
                onChange({ ...drawing, center });
              }}
            />
          </Field>
        ))}
      {drawing.mode === "circle" && (
        <NumberField
          label="Radius (m)"
          name="radius_m"
          min={10}
          max={50_000}
          fallback={300}
          value={drawing.radiusM}
          onChange={(radiusM) => onChange({ ...drawing, radiusM })}
        />
      )}
      <p className="field__hint" aria-live="polite">
        {toArea(drawing)
          ? drawing.mode === "circle"
            ? `Circle of ${drawing.radiusM} m at ${drawing.center!.map((v) => v.toFixed(4)).join(", ")}`
            : `Polygon with ${drawing.corners.length} corners`
          : "Click the map to draw the area."}
      </p>
      <Button variant="secondary" size="sm" onClick={() => onChange(emptyDrawing(drawing.mode))}>
        Clear area
      </Button>
    </div>
  );
}
