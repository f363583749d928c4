import { useCallback, useId, useState } from "react";

/** Remembered per browser: whether a new alert plays a sound here ("on"); off by default. */
export const SOUND_STORAGE_KEY = "odin.alerts.sound";
export const ALERT_SOUND_LABEL = "Play a sound for new alerts";

function readChoice(): boolean {
  try {
    return localStorage.getItem(SOUND_STORAGE_KEY) === "on";
  } catch {
    return false;
  }
}

/** A short two-tone chime made with Web Audio (no file to fetch); silent where audio is unavailable. */
function chime() {
  const AudioContextClass = globalThis.AudioContext;
  if (!AudioContextClass) return;
  try {
    const context = new AudioContextClass();
    const gain = context.createGain();
    gain.gain.value = 0.15;
    gain.connect(context.destination);
    [880, 660].forEach((frequency, index) => {
      const tone = context.createOscillator();
      tone.frequency.value = frequency;
      tone.connect(gain);
      tone.start(context.currentTime + index * 0.18);
      tone.stop(context.currentTime + index * 0.18 + 0.15);
    });
    setTimeout(() => void context.close(), 1000);
  } catch {
    // autoplay refused until the user interacts with the page: nothing to do
  }
}

/** Odin's own: an optional sound for new alerts, beside the browser notifications. */
export function useAlertSound() {
  const [on, setOn] = useState(readChoice);
  const toggle = useCallback((next: boolean) => {
    try {
      localStorage.setItem(SOUND_STORAGE_KEY, next ? "on" : "off");
    } catch {
      // lasts for this page only
    }
    setOn(next);
  }, []);
  const play = useCallback(() => {
    if (on) chime();
  }, [on]);
  return { on, toggle, play };
}

export function AlertSoundToggle({ sound }: { sound: ReturnType<typeof useAlertSound> }) {
  const id = useId();
  return (
    <label className="alert-sound" htmlFor={id}>
      <input
        id={id}
        type="checkbox"
        checked={sound.on}
        onChange={(event) => sound.toggle(event.target.checked)}
      />
      {ALERT_SOUND_LABEL}
    </label>
  );
}
