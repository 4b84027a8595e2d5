import { Play } from 'lucide-react';
import { useState } from 'react';
import { Illustration } from '../../components/illustration.tsx';
import { identity } from '../../content/identity.ts';
import { video } from '../../content/home-top.ts';
import './video.css';

export const youtubeEmbedUrl = (videoId: string) =>
  `https://www.youtube-nocookie.com/embed/${encodeURIComponent(videoId)}?autoplay=1&rel=0`;

/**
 * The presentation video. Only a poster loads with the page; the privacy-friendly YouTube player is
 * requested when the visitor presses play.
 */
export function VideoPlayer() {
  const [playing, setPlaying] = useState(false);
  return (
    <div className="video-player">
      {playing ? (
        <iframe
          className="video-player__frame"
          src={youtubeEmbedUrl(identity.videoId)}
          title={video.iframeTitle}
          allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
          referrerPolicy="strict-origin-when-cross-origin"
          allowFullScreen
        />
      ) : (
        <button type="button" className="video-player__poster" onClick={() => setPlaying(true)}>
          <Illustration image={video.poster} loading="lazy" decoding="async" />
          <span className="video-player__play" aria-hidden="true">
            <Play size={34} fill="currentColor" />
          </span>
          <span className="sr-only">{video.playLabel}</span>
        </button>
      )}
    </div>
  );
}
