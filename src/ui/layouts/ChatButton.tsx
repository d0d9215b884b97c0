/** The floating chat button on public pages: opens WhatsApp with a prefilled greeting. */
import { whatsappHref } from '@/shared/contact-links';
import { Tooltip } from '@/ui/components/ui/Tooltip';
import { siteText, useUi } from '@/ui/i18n/ui';

export function ChatButton() {
  const { code, strings } = useUi();
  return (
    <Tooltip content={strings.chat.label} side="top">
      <a
        className="chat-button"
        href={whatsappHref(siteText(code, 'chatGreeting'))}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={`${strings.chat.label} ${strings.footer.newTab}`}
        data-track="whatsapp_click"
        data-track-location="chat_button"
      >
        {/* A plain speech bubble: a few bytes in every page's first round trip, where a detailed logo would cost hundreds. */}
        <svg aria-hidden="true" viewBox="0 0 24 24" width="26" height="26">
          <path fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" d="M4 4.5h16v11.5H10l-6 4.5z" />
        </svg>
      </a>
    </Tooltip>
  );
}
