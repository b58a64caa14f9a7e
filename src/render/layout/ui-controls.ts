/**
 * More interface words, kept beside the main table (ui-strings.ts) and merged into it:
 * the words of controls and landmarks that pages showed in English whatever their
 * language (the code block's Copy and Expand buttons, the Mermaid source caption, the
 * tab bar's and breadcrumb's landmark names, the search dialog's key hints, the
 * language menu of synced tabs, the search failure message, the callouts' names for
 * screen readers). Same languages and layout
 * as the main table; `{lines}` in `expand` is the block's line count, written as
 * "noun: count" where a language's plural would need the number's form.
 */
export const CONTROL_KEYS = [
  'copyButton', 'expand', 'collapse', 'language', 'sections', 'breadcrumb', 'siteLinks', 'toMove', 'toOpen', 'toClose', 'searchUnavailable', 'mermaidSource',
  'calloutNote', 'calloutInfo', 'calloutTip', 'calloutWarning', 'calloutCheck', 'calloutDanger', 'calloutCallout',
] as const;

export const CONTROL_ROWS: Record<string, string> = {
  en: 'Copy|Expand ({lines} lines)|Collapse|Language|Sections|Breadcrumb|Site links|to move|to open|to close|Search is not available.|Diagram (Mermaid source)|Note|Info|Tip|Warning|Check|Danger|Callout',
  ar: 'نسخ|توسيع (الأسطر: {lines})|طي|اللغة|الأقسام|مسار التنقل|روابط الموقع|للتنقل|للفتح|للإغلاق|البحث غير متاح.|مخطط (مصدر Mermaid)|ملاحظة|معلومات|نصيحة|تحذير|تم|خطر|تنبيه',
  ca: 'Copia|Desplega ({lines} línies)|Plega|Llengua|Seccions|Ruta de navegació|Enllaços del lloc|per moure’t|per obrir|per tancar|La cerca no està disponible.|Diagrama (codi font de Mermaid)|Nota|Informació|Consell|Avís|Comprovat|Perill|Destacat',
  cs: 'Kopírovat|Rozbalit (řádků: {lines})|Sbalit|Jazyk|Sekce|Drobečková navigace|Odkazy webu|pohyb|otevřít|zavřít|Vyhledávání není k dispozici.|Diagram (zdroj Mermaid)|Poznámka|Informace|Tip|Upozornění|Hotovo|Nebezpečí|Zvýraznění',
  da: 'Kopiér|Udvid ({lines} linjer)|Skjul|Sprog|Sektioner|Brødkrummesti|Links på siden|for at flytte|for at åbne|for at lukke|Søgning er ikke tilgængelig.|Diagram (Mermaid-kilde)|Bemærk|Info|Tip|Advarsel|Tjek|Fare|Fremhævning',
  de: 'Kopieren|Ausklappen ({lines} Zeilen)|Einklappen|Sprache|Bereiche|Brotkrumen-Navigation|Website-Links|zum Bewegen|zum Öffnen|zum Schließen|Die Suche ist nicht verfügbar.|Diagramm (Mermaid-Quelltext)|Hinweis|Info|Tipp|Warnung|Erledigt|Gefahr|Hervorhebung',
  es: 'Copiar|Expandir ({lines} líneas)|Contraer|Idioma|Secciones|Ruta de navegación|Enlaces del sitio|para moverte|para abrir|para cerrar|La búsqueda no está disponible.|Diagrama (código fuente de Mermaid)|Nota|Información|Consejo|Advertencia|Correcto|Peligro|Aviso',
  fi: 'Kopioi|Laajenna (rivejä: {lines})|Tiivistä|Kieli|Osiot|Murupolku|Sivuston linkit|siirry|avaa|sulje|Haku ei ole käytettävissä.|Kaavio (Mermaid-lähde)|Huomautus|Tieto|Vinkki|Varoitus|Tarkistettu|Vaara|Huomio',
  fr: 'Copier|Développer ({lines} lignes)|Réduire|Langue|Sections|Fil d’Ariane|Liens du site|pour naviguer|pour ouvrir|pour fermer|La recherche n’est pas disponible.|Diagramme (source Mermaid)|Remarque|Info|Astuce|Avertissement|Validé|Danger|Encadré',
  he: 'העתקה|הרחבה ({lines} שורות)|כיווץ|שפה|מקטעים|פירורי לחם|קישורי האתר|למעבר|לפתיחה|לסגירה|החיפוש אינו זמין.|תרשים (מקור Mermaid)|הערה|מידע|טיפ|אזהרה|בוצע|סכנה|הדגשה',
  hi: 'कॉपी करें|विस्तार करें ({lines} पंक्तियाँ)|संक्षिप्त करें|भाषा|अनुभाग|ब्रेडक्रंब|साइट लिंक|जाने के लिए|खोलने के लिए|बंद करने के लिए|खोज उपलब्ध नहीं है।|आरेख (Mermaid स्रोत)|नोट|जानकारी|सुझाव|चेतावनी|सही|ख़तरा|सूचना',
  hu: 'Másolás|Kibontás ({lines} sor)|Összecsukás|Nyelv|Szakaszok|Morzsamenü|A webhely hivatkozásai|mozgás|megnyitás|bezárás|A keresés nem érhető el.|Diagram (Mermaid-forrás)|Megjegyzés|Információ|Tipp|Figyelmeztetés|Rendben|Veszély|Kiemelés',
  id: 'Salin|Bentangkan ({lines} baris)|Ciutkan|Bahasa|Bagian|Remah roti|Tautan situs|untuk berpindah|untuk membuka|untuk menutup|Pencarian tidak tersedia.|Diagram (sumber Mermaid)|Catatan|Info|Tips|Peringatan|Berhasil|Bahaya|Sorotan',
  it: 'Copia|Espandi ({lines} righe)|Comprimi|Lingua|Sezioni|Percorso di navigazione|Link del sito|per spostarti|per aprire|per chiudere|La ricerca non è disponibile.|Diagramma (sorgente Mermaid)|Nota|Info|Suggerimento|Avviso|Verificato|Pericolo|Riquadro',
  ja: 'コピー|展開（{lines} 行）|折りたたむ|言語|セクション|パンくずリスト|サイトのリンク|で移動|で開く|で閉じる|検索は利用できません。|図（Mermaid のソース）|注記|情報|ヒント|警告|確認|危険|コールアウト',
  ko: '복사|펼치기 ({lines}줄)|접기|언어|섹션|이동 경로|사이트 링크|이동|열기|닫기|검색을 사용할 수 없습니다.|다이어그램 (Mermaid 소스)|참고|정보|팁|경고|확인|위험|콜아웃',
  lv: 'Kopēt|Izvērst (rindas: {lines})|Sakļaut|Valoda|Sadaļas|Navigācijas ceļš|Vietnes saites|lai pārvietotos|lai atvērtu|lai aizvērtu|Meklēšana nav pieejama.|Diagramma (Mermaid pirmkods)|Piezīme|Informācija|Padoms|Brīdinājums|Pārbaudīts|Bīstami|Izcēlums',
  nl: 'Kopiëren|Uitklappen ({lines} regels)|Inklappen|Taal|Secties|Kruimelpad|Sitelinks|om te bewegen|om te openen|om te sluiten|Zoeken is niet beschikbaar.|Diagram (Mermaid-bron)|Opmerking|Info|Tip|Waarschuwing|Gecontroleerd|Gevaar|Kader',
  no: 'Kopier|Utvid ({lines} linjer)|Skjul|Språk|Seksjoner|Brødsmulesti|Lenker på nettstedet|for å flytte|for å åpne|for å lukke|Søk er ikke tilgjengelig.|Diagram (Mermaid-kilde)|Merknad|Info|Tips|Advarsel|Sjekket|Fare|Utheving',
  pl: 'Kopiuj|Rozwiń (wiersze: {lines})|Zwiń|Język|Sekcje|Ścieżka nawigacji|Linki witryny|aby przejść|aby otworzyć|aby zamknąć|Wyszukiwanie jest niedostępne.|Diagram (źródło Mermaid)|Uwaga|Informacja|Wskazówka|Ostrzeżenie|Sprawdzone|Niebezpieczeństwo|Wyróżnienie',
  'pt-BR': 'Copiar|Expandir ({lines} linhas)|Recolher|Idioma|Seções|Trilha de navegação|Links do site|para mover|para abrir|para fechar|A pesquisa não está disponível.|Diagrama (código-fonte Mermaid)|Nota|Informação|Dica|Aviso|Verificado|Perigo|Destaque',
  ro: 'Copiază|Extinde (rânduri: {lines})|Restrânge|Limbă|Secțiuni|Traseu de navigare|Linkurile site-ului|pentru a te deplasa|pentru a deschide|pentru a închide|Căutarea nu este disponibilă.|Diagramă (sursă Mermaid)|Notă|Informație|Sfat|Avertisment|Verificat|Pericol|Evidențiere',
  ru: 'Копировать|Развернуть (строк: {lines})|Свернуть|Язык|Разделы|Навигационная цепочка|Ссылки сайта|перемещение|открыть|закрыть|Поиск недоступен.|Диаграмма (исходный код Mermaid)|Примечание|Информация|Совет|Предупреждение|Готово|Опасность|Выноска',
  sv: 'Kopiera|Expandera ({lines} rader)|Fäll ihop|Språk|Avsnitt|Brödsmulor|Webbplatslänkar|för att flytta|för att öppna|för att stänga|Sökning är inte tillgänglig.|Diagram (Mermaid-källa)|Obs|Info|Tips|Varning|Kontrollerat|Fara|Markering',
  tr: 'Kopyala|Genişlet ({lines} satır)|Daralt|Dil|Bölümler|İçerik haritası|Site bağlantıları|gezinmek için|açmak için|kapatmak için|Arama kullanılamıyor.|Diyagram (Mermaid kaynağı)|Not|Bilgi|İpucu|Uyarı|Tamam|Tehlike|Vurgu',
  uk: 'Копіювати|Розгорнути (рядків: {lines})|Згорнути|Мова|Розділи|Навігаційний ланцюжок|Посилання сайту|переміщення|відкрити|закрити|Пошук недоступний.|Діаграма (вихідний код Mermaid)|Примітка|Інформація|Порада|Попередження|Готово|Небезпека|Виноска',
  uz: 'Nusxalash|Yoyish ({lines} qator)|Yig‘ish|Til|Bo‘limlar|Navigatsiya yo‘li|Sayt havolalari|o‘tish uchun|ochish uchun|yopish uchun|Qidiruv mavjud emas.|Diagramma (Mermaid manbasi)|Eslatma|Ma’lumot|Maslahat|Ogohlantirish|Tayyor|Xavf|Ajratma',
  vi: 'Sao chép|Mở rộng ({lines} dòng)|Thu gọn|Ngôn ngữ|Mục|Đường dẫn|Liên kết trang|để di chuyển|để mở|để đóng|Tìm kiếm không khả dụng.|Sơ đồ (mã nguồn Mermaid)|Ghi chú|Thông tin|Mẹo|Cảnh báo|Đã kiểm tra|Nguy hiểm|Chú thích',
  zh: '复制|展开（{lines} 行）|收起|语言|栏目|面包屑导航|网站链接|移动|打开|关闭|搜索不可用。|图表（Mermaid 源码）|注意|信息|提示|警告|已确认|危险|标注',
  'zh-Hant': '複製|展開（{lines} 行）|收合|語言|區段|麵包屑導覽|網站連結|移動|開啟|關閉|無法使用搜尋。|圖表（Mermaid 原始碼）|注意|資訊|提示|警告|已確認|危險|標註',
};
