import { Carousel } from '../../components/Carousel/Carousel';
import { CHANNEL_COLOURS } from '../../lib/series-palette';
import styles from './CarouselPage.module.css';
import { SandboxPage, SandboxSection } from './SandboxLayout';

const CHANNELS = [
  { type: 'google', name: 'Google', invalid: 1842, share: 12.4, evolution: 3.1 },
  { type: 'facebook', name: 'Meta', invalid: 967, share: 9.8, evolution: -1.6 },
  { type: 'microsoft', name: 'Microsoft', invalid: 312, share: 7.2, evolution: 0.4 },
  { type: 'tiktok', name: 'TikTok', invalid: 1204, share: 18.9, evolution: 5.7 },
  { type: 'reddit', name: 'Reddit', invalid: 221, share: 6.1, evolution: -0.8 },
  { type: 'taboola', name: 'Taboola', invalid: 640, share: 21.3, evolution: 2.2 },
  { type: 'outbrain', name: 'Outbrain', invalid: 402, share: 15.6, evolution: -3.4 },
  { type: 'organic_search', name: 'Organic search', invalid: 88, share: 1.2, evolution: 0.1 },
  { type: 'direct', name: 'Direct', invalid: 143, share: 2.9, evolution: -0.2 },
];

const number = new Intl.NumberFormat('en-GB');

function ChannelCard({ channel }: { channel: (typeof CHANNELS)[number] }) {
  const worse = channel.evolution > 0;
  return (
    <article className={styles.card} aria-label={channel.name}>
      <header className={styles.cardHeader}>
        <span
          className={styles.dot}
          style={{ background: CHANNEL_COLOURS[channel.type] }}
          aria-hidden="true"
        />
        <h3>{channel.name}</h3>
      </header>
      <dl className={styles.figures}>
        <div>
          <dt>Invalid visits</dt>
          <dd className={styles.value}>{number.format(channel.invalid)}</dd>
        </div>
        <div>
          <dt>Total invalid traffic</dt>
          <dd>{channel.share.toFixed(2)}%</dd>
        </div>
        <div>
          <dt>Evolution</dt>
          <dd className={worse ? styles.worse : styles.better}>
            {worse ? '▲' : '▼'} {Math.abs(channel.evolution).toFixed(2)}%
          </dd>
        </div>
      </dl>
    </article>
  );
}

export function CarouselPage() {
  return (
    <SandboxPage
      title="Carousel"
      intro="Channel cards scroll 217 px per arrow click, smoothly unless the system asks for reduced motion. An arrow is disabled at its end."
      testId="sandbox-carousel"
    >
      <SandboxSection
        title="Invalid traffic by channel"
        description="Nine channel cards; more than fit."
        testId="carousel-channels"
      >
        <Carousel label="Invalid traffic by channel">
          {CHANNELS.map((channel) => (
            <ChannelCard key={channel.type} channel={channel} />
          ))}
        </Carousel>
      </SandboxSection>
      <SandboxSection
        title="Fits without scrolling"
        description="Both arrows disabled."
        testId="carousel-few"
      >
        <Carousel label="Two channels">
          {CHANNELS.slice(0, 2).map((channel) => (
            <ChannelCard key={channel.type} channel={channel} />
          ))}
        </Carousel>
      </SandboxSection>
    </SandboxPage>
  );
}
