import { useEffect, useRef, useState } from 'react';
import { Pause, Play } from 'lucide-react';
import styles from './sound-card.module.css';

type PlayerState = 'idle' | 'starting' | 'playing' | 'failed';

interface SoundPlayerProps {
  readonly src: string;
  /** The sound's name, for the button's accessible name ('Play Pop'). */
  readonly name: string;
}

/**
 * One sound's play button. The audio is fetched only when first played (`preload="none"`), from
 * the service worker's precache once the app has been opened online. Starting one sound stops
 * any other on the page, so two never play over each other.
 */
export function SoundPlayer({ src, name }: SoundPlayerProps) {
  const audio = useRef<HTMLAudioElement>(null);
  const [state, setState] = useState<PlayerState>('idle');
  const playing = state === 'starting' || state === 'playing';

  useEffect(() => {
    const own = audio.current;
    // Media events do not bubble, but they do pass the document in the capture phase.
    const onAnyPlay = (event: Event) => {
      if (event.target !== own && event.target instanceof HTMLMediaElement) own?.pause();
    };
    document.addEventListener('play', onAnyPlay, true);
    return () => document.removeEventListener('play', onAnyPlay, true);
  }, []);

  const toggle = () => {
    const element = audio.current;
    if (element === null) return;
    if (playing) {
      element.pause();
      return;
    }
    setState('starting');
    element.play().catch((error: unknown) => {
      // A pause before playback began rejects the play() with AbortError: that is no failure.
      if (!(error instanceof DOMException && error.name === 'AbortError')) setState('failed');
    });
  };

  return (
    <div className={styles.player}>
      <audio
        ref={audio}
        src={src}
        preload="none"
        onPlaying={() => setState('playing')}
        onPause={() => setState((current) => (current === 'failed' ? current : 'idle'))}
        onEnded={() => setState('idle')}
        onError={() => setState('failed')}
      />
      <button
        type="button"
        className={styles.play}
        aria-label={`${playing ? 'Pause' : 'Play'} ${name}`}
        data-state={state}
        onClick={toggle}
      >
        {playing ? <Pause aria-hidden="true" size={18} /> : <Play aria-hidden="true" size={18} />}
        <span aria-hidden="true">{playing ? 'Pause' : 'Play'}</span>
      </button>
      {state === 'failed' && (
        <p className={styles.playProblem} role="alert">
          {name} could not be played. The sounds are saved on this device after one visit online: connect and try again.
        </p>
      )}
    </div>
  );
}
